import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../auth/api/session';
import { likesQuery } from '../api/likes';

/**
 * The number of new received likes, for the top bar. The likes are polled app-wide (features/live/use-polling,
 * mounted once in the router's root), which also sets the title prefix and the app badge; this only reads them.
 */
export function useNewLikesCount(): number {
  const user = useCurrentUser();
  const likes = useQuery({ ...likesQuery('received', 1), enabled: false });
  return user ? (likes.data?.counts.new ?? 0) : 0;
}
