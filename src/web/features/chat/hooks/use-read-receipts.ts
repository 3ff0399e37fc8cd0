import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { chatsQuery, markChatRead, readChatCall, setActiveConversation } from '../api/chat';

/**
 * While a conversation is open: it counts as being read (the live events do not count its messages unread), and
 * chat-read.php is called when it opens and whenever a newer partner message arrives while the page is visible
 * (or when the page becomes visible again with one unread). The list's unread count goes to 0 at once.
 */
export function useReadReceipts(conversation: number, newestPartnerId: number | undefined, loaded: boolean) {
  const client = useQueryClient();
  const readUpTo = useRef<number | null>(null);

  useEffect(() => {
    setActiveConversation(conversation);
    return () => setActiveConversation(null);
  }, [conversation]);

  useEffect(() => {
    if (!loaded) return;
    const newest = newestPartnerId ?? 0;
    const read = () => {
      if (document.visibilityState !== 'visible') return;
      if (readUpTo.current !== null && newest <= readUpTo.current) return;
      readUpTo.current = newest;
      markChatRead(client, conversation);
      readChatCall(conversation)
        .then(() => {
          markChatRead(client, conversation);
          // A poll that started before the read may have counted the message again.
          void client.invalidateQueries({ queryKey: chatsQuery.queryKey });
        })
        .catch(() => {
          // Not read on the server: asked again with the next message or visit.
          readUpTo.current = null;
        });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [client, conversation, newestPartnerId, loaded]);
}
