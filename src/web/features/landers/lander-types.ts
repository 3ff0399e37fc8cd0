/** The lander types and which are built: one list for the web app and the server (src/shared/built-routes.ts). */
export {
  BUILT_LANDER_TYPES,
  type BuiltLanderType,
  isBuiltLanderType,
  type LanderType,
} from '../../../shared/built-routes';
