import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../auth/api/session';
import { chatsQuery } from '../api/chat';

/** Unread messages of all chats, for the top bar (the chats are polled app-wide; this only reads them). */
export function useUnreadCount(): number {
  const user = useCurrentUser();
  const chats = useQuery({ ...chatsQuery, enabled: false });
  return user ? (chats.data?.total_unread ?? 0) : 0;
}
