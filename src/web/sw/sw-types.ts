/**
 * The few service-worker globals the worker uses. The project compiles with the DOM library, which has no
 * ServiceWorkerGlobalScope (the WebWorker library clashes with DOM), so they are declared here.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
export interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
export interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification & { data?: { url?: string } };
}
export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
export interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}
export interface SwGlobal {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration & { readonly active: ServiceWorker | null };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (e: NotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (e: ExtendableMessageEvent) => void): void;
  /** what the build writes in front of the worker (scripts/service-worker.ts) */
  __AMORA_SW__?: { version: string; precache: string[] };
}
