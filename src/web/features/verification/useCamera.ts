import { useCallback, useEffect, useRef, useState } from 'react';
import { VERIFICATION_RULES } from '../../../shared/rules-verification';

export type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/**
 * The front camera in a <video> element (getUserMedia): start() asks for it, capture() takes a JPEG data URL of the
 * current frame (longest side at most VERIFICATION_RULES.modelImageSide), stop() ends the stream. Stopped on unmount.
 */
export function useCamera() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('off');

  const stop = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setState('off');
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      setState('on');
    } catch (err) {
      setState((err as { name?: string }).name === 'NotAllowedError' ? 'denied' : 'unavailable');
    }
  }, []);

  const capture = useCallback((): string | null => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return null;
    const side = VERIFICATION_RULES.modelImageSide;
    const scale = Math.min(1, side / Math.max(video.videoWidth, video.videoHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.88);
  }, []);

  useEffect(() => stop, [stop]);

  return { videoRef, state, start, stop, capture };
}
