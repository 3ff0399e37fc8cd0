import { useState } from 'react';
import { enablePush } from '../../push/push-subscription';
import { useSettings } from '../../site/api/settings';

/**
 * What came of asking to enable push, when it did not work: the browser's answer ('denied': blocked; 'dismissed':
 * its question closed without an answer), 'failed' (subscribing or storing failed) or 'unavailable' (no push here).
 */
export type EnablePushOutcome = 'denied' | 'dismissed' | 'failed' | 'unavailable';

/** Enables push in this browser (permission, subscription, stored on the server) and keeps what the browser said. */
export function useEnablePush(onEnabled?: () => void): {
  enable: () => Promise<void>;
  busy: boolean;
  outcome: EnablePushOutcome | null;
  /** the site has a push key (without one no browser can subscribe) */
  available: boolean;
} {
  const settings = useSettings();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<EnablePushOutcome | null>(null);
  const enable = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await enablePush(settings.push_public_key);
      if (result === 'granted') onEnabled?.();
      else setOutcome(result === 'denied' ? 'denied' : result === 'default' ? 'dismissed' : 'unavailable');
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  };
  return { enable, busy, outcome, available: Boolean(settings.push_public_key) };
}
