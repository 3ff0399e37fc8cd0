/**
 * A like arrived live (the `like.new` event of /api/live): the like modal asks the server for it at once, instead of
 * waiting for the polled new-likes count to rise (which misses a like that comes before the first poll).
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function likeArrived(): void {
  for (const listener of listeners) listener();
}

export function onLikeArrived(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
