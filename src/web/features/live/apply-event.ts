import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../shared/realtime';
import { userQuery } from '../auth/api/session';
import {
  applyMessageToChats,
  chatsQuery,
  markReadUpTo,
  removeChatFromList,
  setUserCredits,
  upsertMessage,
} from '../chat/api/chat';
import { likeArrived } from '../likes/like-arrivals';
import { noteInstallMoment } from '../pwa/install-prompt';
import { markTyping, stopTyping } from './typing';

/** Applies one live event to the query cache (and the typing store). */
export function applyLiveEvent(client: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'message.new': {
      const message = { ...event.message, conversation_id: event.conversation_id };
      // A message already shown (delivered again, or the answer to this tab's own send) changes nothing more.
      if (upsertMessage(client, message) !== 'replaced') applyMessageToChats(client, message);
      if (!message.mine) stopTyping(event.conversation_id);
      // The conversation is no longer empty (no icebreakers).
      client.setQueryData<{ empty: boolean }>(['conversation', event.conversation_id], (old) =>
        old?.empty ? { ...old, empty: false } : old,
      );
      return;
    }
    case 'message.read':
      markReadUpTo(client, event.conversation_id, event.read_up_to);
      return;
    case 'typing':
      markTyping(event.conversation_id);
      return;
    case 'conversation.removed':
      removeChatFromList(client, event.conversation_id);
      void client.invalidateQueries({ queryKey: chatsQuery.queryKey });
      return;
    case 'conversation.ended':
      // The partner unmatched: the open conversation shows it ended instead of the composer.
      void client.invalidateQueries({ queryKey: ['conversation', event.conversation_id] });
      return;
    case 'credits.changed':
      setUserCredits(client, event.credits);
      for (const [key, value] of client.getQueriesData<{ credits: number }>({ queryKey: ['conversation'] }))
        if (value) client.setQueryData(key, { ...value, credits: event.credits });
      return;
    case 'like.new':
      void client.invalidateQueries({ queryKey: ['likes'] });
      likeArrived();
      // A first match is the moment to offer installing the app.
      if (event.match) noteInstallMoment('match');
      return;
    case 'user.changed':
      void client.invalidateQueries({ queryKey: userQuery.queryKey });
      // Premium bought or e-mail confirmed: the terms of the conversations change too.
      void client.invalidateQueries({ queryKey: ['conversation'] });
      // A first purchase ends the welcome discount: the price list (credits.php) is priced anew.
      void client.invalidateQueries({ queryKey: ['credits'] });
      return;
  }
}

/** After every (re)connect: reload what the member sees, so nothing sent while disconnected is missed. */
export function refreshAfterConnect(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: chatsQuery.queryKey });
  void client.invalidateQueries({ queryKey: ['likes'] });
  // Only the open conversation's messages are refetched now; others are marked stale for their next visit.
  void client.invalidateQueries({ queryKey: ['messages'] });
}
