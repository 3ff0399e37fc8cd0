import type { MatchCard } from '../../../../shared/schemas/matching';
import { CardLikeButton } from '../../likes/components/LikeButton';
import { ProfileCard } from '../../members/components/ProfileCard';
import { MatchReason } from './MatchReason';

/** A ranked member: the profile card with the line that explains the rank under it (and the like heart, if asked). */
export function MatchFinderCard({
  card,
  fictionalIcon,
  liked,
}: {
  card: MatchCard;
  fictionalIcon: string;
  /** whether the viewer likes this member; undefined shows no like button */
  liked?: boolean | undefined;
}) {
  return (
    <div className="match-card h-100" data-testid="match-card">
      <ProfileCard
        profile={card}
        to={`/members/${card.id}`}
        fictionalIcon={fictionalIcon}
        action={liked === undefined ? undefined : <CardLikeButton profile={card} initiallyLiked={liked} />}
        footer={<MatchReason card={card} className="match-card-reason mt-1" />}
      />
    </div>
  );
}

/** The grid of ranked members: 2 columns on a phone, 3 on a tablet, 4 on a desktop. */
export function MatchFinderGrid({
  cards,
  fictionalIcon,
  liked,
  center = false,
  testId,
}: {
  cards: readonly MatchCard[];
  fictionalIcon: string;
  /** ids the viewer likes; without it the cards have no like button */
  liked?: ReadonlySet<number> | undefined;
  /** a short row (a few cards) sits in the middle */
  center?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={`row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-4${center ? ' justify-content-center' : ''}`}
      data-testid={testId}
    >
      {cards.map((c) => (
        <div className="col" key={c.id}>
          <MatchFinderCard
            card={c}
            fictionalIcon={fictionalIcon}
            liked={liked ? liked.has(c.id) : undefined}
          />
        </div>
      ))}
    </div>
  );
}
