/**
 * The kiosk's camera scanner (ADR 031), loaded only by /mss-nfc-access: frames of the camera's video are
 * handed to the browser's own BarcodeDetector where it reads QR codes (Chrome on Android and macOS), else to
 * the `barcode-detector` ponyfill over zxing-wasm (iPads, Firefox, desktop Chrome on Linux). The WebAssembly
 * file is served from this site (a Vite asset), never from a CDN.
 */
import { BarcodeDetector as PonyfillDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** How often a frame is read: often enough to feel instant, rarely enough to leave a tablet cool. */
const FRAME_INTERVAL_MS = 150;

let prepared = false;
function preparePonyfill(): void {
  if (prepared) return;
  prepared = true;
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
}

type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/** The native detector when it reads QR codes, else the ponyfill. */
async function createDetector(): Promise<{ detector: Detector; isNative: boolean }> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      if ((await Native.getSupportedFormats()).includes('qr_code')) {
        return { detector: new Native({ formats: ['qr_code'] }), isNative: true };
      }
    } catch {
      // A detector that cannot say what it reads is not used.
    }
  }
  preparePonyfill();
  return { detector: new PonyfillDetector({ formats: ['qr_code'] }), isNative: false };
}

export interface CameraScanner {
  /** Stops the camera and the frame loop. */
  stop(): void;
  isNative: boolean;
}

/**
 * Starts the back camera in `video` and calls `onText` with each QR code's text it reads. `isPaused` lets
 * the page hold the loop while it shows a result. Rejects when there is no camera or no permission.
 */
export async function startCameraScanner(
  video: HTMLVideoElement,
  onText: (text: string) => void,
  isPaused: () => boolean,
): Promise<CameraScanner> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' } },
    audio: false,
  });
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  const { detector, isNative } = await createDetector();
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (isStopped) return;
    if (!isPaused() && video.readyState >= 2) {
      try {
        const [code] = await detector.detect(video);
        if (code?.rawValue && !isStopped) onText(code.rawValue);
      } catch {
        // A frame that cannot be read (the camera just started, a blank frame) is skipped.
      }
    }
    timer = setTimeout(tick, FRAME_INTERVAL_MS);
  };
  void tick();
  return {
    isNative,
    stop() {
      isStopped = true;
      clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
