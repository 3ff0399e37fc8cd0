/**
 * Photo verification (issue 21, point 1; docs/decisions.md "Photo verification"): a selfie with a pose the server
 * asks for, compared with the member's profile photos by a face model that runs on the server
 * (src/server/modules/verification). Distances are the face model's euclidean distance between two 128-number face
 * descriptors (0 = the same picture; the model's authors separate people at about 0.6).
 */
export const VERIFICATION_RULES = {
  /** The poses a member can be asked for; each is one the face model can tell (head roll, the smile expression). */
  challenges: ['tilt_left', 'tilt_right', 'smile'] as const,
  /** A challenge must be answered within this many minutes. */
  challengeMinutes: 10,
  /** Selfies a member can send per 24 hours (a refused one counts; a new challenge alone does not). */
  attemptsPerDay: 3,
  /** At or below: a clear match, the badge is given at once. */
  matchDistance: 0.4,
  /** Above matchDistance and at or below this: unclear, a moderator compares both images. Above: refused. */
  reviewDistance: 0.55,
  /** A head counts as tilted when the line through the eyes leans by at least this many degrees. */
  tiltDegrees: 8,
  /** The face model's 'happy' expression share from which a face smiles. */
  smileScore: 0.6,
  /** Faces the detector is less sure of than this are ignored. */
  minFaceScore: 0.5,
  /** Profile photos compared with a selfie (main photo first): bounds the work of one verification. */
  comparedPhotos: 2,
  /** The longest side the face model is given (pixels); larger images are scaled down first. */
  modelImageSide: 640,
  /** A selfie left behind (never decided: crash, challenge abandoned) is deleted after this many hours. */
  staleSelfieHours: 24,
  /** Largest selfie accepted (bytes of JPEG). */
  maxSelfieBytes: 1_500_000,
} as const;

export type VerificationChallenge = (typeof VERIFICATION_RULES.challenges)[number];
