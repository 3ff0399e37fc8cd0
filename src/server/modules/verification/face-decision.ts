import { VERIFICATION_RULES, type VerificationChallenge } from '../../../shared/rules-verification';
import type { VerificationRefusal } from '../../../shared/schemas/verification';
import type { FaceReading } from './face-analyzer';

export type VerificationOutcome =
  | { kind: 'verified'; distance: number; photoId: number; descriptor: number[] }
  | { kind: 'review'; distance: number; photoId: number; descriptor: number[] }
  | { kind: 'rejected'; reason: VerificationRefusal; distance: number | null; photoId: number | null };

/** Euclidean distance of two face descriptors. */
export function faceDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** Whether a face shows the pose asked for (the selfie is the member's, not mirrored). */
export function showsPose(face: FaceReading, challenge: VerificationChallenge): boolean {
  const tilt = VERIFICATION_RULES.tiltDegrees;
  switch (challenge) {
    case 'tilt_left':
      return face.roll >= tilt;
    case 'tilt_right':
      return face.roll <= -tilt;
    case 'smile':
      return (face.happy ?? 0) >= VERIFICATION_RULES.smileScore && Math.abs(face.roll) < tilt * 2;
  }
}

/** The one clear face of an image, or why there is none. */
export function singleFace(faces: FaceReading[]): FaceReading | 'no_face' | 'several_faces' {
  const clear = faces.filter((f) => f.score >= VERIFICATION_RULES.minFaceScore);
  if (clear.length === 0) return 'no_face';
  if (clear.length === 1) return clear[0] as FaceReading;
  // A much smaller second face (a picture on the wall) does not count against the member.
  const sorted = [...clear].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  const [first, second] = sorted as [FaceReading, FaceReading];
  return second.box.width * second.box.height < (first.box.width * first.box.height) / 4
    ? first
    : 'several_faces';
}

/**
 * The verification decision (docs/decisions.md "Photo verification"): the selfie must show one face in the pose
 * asked for; that face is compared with the largest face of each compared profile photo; the closest decides:
 * a clear match gives the badge, an unclear one goes to a moderator, anything else is refused with the reason.
 */
export function decideVerification(input: {
  challenge: VerificationChallenge;
  selfie: FaceReading[];
  photos: { photoId: number; faces: FaceReading[] }[];
}): VerificationOutcome {
  const face = singleFace(input.selfie);
  if (face === 'no_face' || face === 'several_faces')
    return { kind: 'rejected', reason: face, distance: null, photoId: null };
  if (!showsPose(face, input.challenge))
    return { kind: 'rejected', reason: 'pose_not_seen', distance: null, photoId: null };
  let best: { distance: number; photoId: number } | undefined;
  for (const photo of input.photos) {
    const theirs = singleFace(photo.faces);
    if (typeof theirs === 'string') continue;
    const distance = faceDistance(face.descriptor, theirs.descriptor);
    if (!best || distance < best.distance) best = { distance, photoId: photo.photoId };
  }
  if (!best) return { kind: 'rejected', reason: 'no_photo_face', distance: null, photoId: null };
  if (best.distance <= VERIFICATION_RULES.matchDistance)
    return { kind: 'verified', ...best, descriptor: face.descriptor };
  if (best.distance <= VERIFICATION_RULES.reviewDistance)
    return { kind: 'review', ...best, descriptor: face.descriptor };
  return { kind: 'rejected', reason: 'no_match', ...best };
}

/** A verified member's new main photo: still the verified face (true), or to be checked by a moderator (false). */
export function mainPhotoStillMatches(verified: readonly number[], faces: FaceReading[]): boolean {
  const face = singleFace(faces);
  if (typeof face === 'string') return false;
  return faceDistance(verified, face.descriptor) <= VERIFICATION_RULES.matchDistance;
}
