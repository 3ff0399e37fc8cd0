import type { ComponentType } from 'react';
import { Navigate, useParams } from 'react-router';
import { memberHome } from '../../app/built-routes';
import { useCurrentUser } from '../../features/auth/api/session';
import { type BuiltLanderType, isBuiltLanderType } from '../../features/landers/lander-types';
import { useLanderSlug } from '../../features/landers/use-lander-slug';
import { useSignupModal } from '../../features/signup/open-signup';
import { NotFoundPage } from '../error/RouteError';
import {
  AloneTonightLander,
  CollageLander,
  GalleryLander,
  IconsLander,
  SocialNetworkLander,
  TransitionsVideoLander,
} from './LanderPageTypes';
import { MapLander } from './MapLander';
import { VideoLander } from './VideoLander';

const DESIGNS: Record<BuiltLanderType, ComponentType> = {
  gallery: GalleryLander,
  collagelanding: CollageLander,
  iconslanding: IconsLander,
  alonetonight: AloneTonightLander,
  socialnetwork: SocialNetworkLander,
  transitionsvideolanding: TransitionsVideoLander,
  maplanding: MapLander,
  video: VideoLander,
};

/**
 * /landers/:type/:slug?: landing pages for visitors from advertising, each type its own design of the site and its
 * public members, all leading to signup. An unknown type is the 404 page; members
 * go to their home (but not while the signup modal runs over the page).
 */
export function LanderPage() {
  const { type } = useParams();
  const user = useCurrentUser();
  useLanderSlug(user === null);
  const modal = useSignupModal();
  if (!isBuiltLanderType(type)) return <NotFoundPage />;
  if (user && !modal?.open) return <Navigate to={memberHome()} replace />;
  const Design = DESIGNS[type];
  return (
    <div className={`lander lander-${type}`} data-testid="lander" data-type={type}>
      <Design />
    </div>
  );
}
