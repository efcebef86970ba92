import { decodeFrame, type Frame } from './decode-frame.ts';

/** Where frames come from: the camera (openCamera) or, in tests, pictures of barcodes. */
export interface FrameSource {
  /** The current frame, or null while there is none yet (the camera is starting). */
  grab(): Frame | null;
  stop(): void;
}

/** Between two frames looked at: enough to feel instant, little enough for a phone's battery. */
export const FRAME_EVERY_MS = 200;

/**
 * Opens the back camera into `video` and answers a source of its frames (drawn on a canvas).
 * getUserMedia's errors pass through: camera-errors.ts sorts them for the user.
 */
export async function openCamera(video: HTMLVideoElement): Promise<FrameSource> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment', width: { ideal: 1280 } },
    audio: false,
  });
  video.srcObject = stream;
  await video.play().catch(() => {});
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    grab() {
      if (!context || video.readyState < 2 || !video.videoWidth) return null;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      return context.getImageData(0, 0, canvas.width, canvas.height);
    },
    stop() {
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}

/**
 * Looks at a frame every `everyMs` and hands each code read to `onCode` (repeats included: the
 * caller keeps the list). Answers a stop function; a frame is never looked at twice at once.
 */
export function scanFrames(source: FrameSource, onCode: (code: string) => void, everyMs = FRAME_EVERY_MS) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const step = async () => {
    const frame = source.grab();
    const code = frame ? await decodeFrame(frame) : null;
    if (stopped) return;
    if (code) onCode(code);
    timer = setTimeout(() => void step(), everyMs);
  };
  void step();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source.stop();
  };
}
