/** Why the camera could not be used, as the scanner tells the user. */
export type CameraProblem = 'unsupported' | 'denied' | 'no_camera' | 'busy' | 'failed';

/** Sorts getUserMedia's errors (DOMException names) into what the user can act on. */
export function cameraProblem(err: unknown): CameraProblem {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'no_camera';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'busy';
    default:
      return 'failed';
  }
}

/** Whether this browser can open a camera at all (an insecure page or an old browser cannot). */
export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}
