/** The kiosk's sound and vibration (ADR 031): one high beep for yes, two low ones for no. */
let audio: AudioContext | undefined;

function beep(frequency: number, startsAt: number, seconds: number): void {
  if (!audio) return;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.2, audio.currentTime + startsAt);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + startsAt + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(audio.currentTime + startsAt);
  oscillator.stop(audio.currentTime + startsAt + seconds);
}

/** Browsers allow sound only after a tap: the kiosk's start button calls this. */
export function unlockKioskSound(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    // No Web Audio: the kiosk stays silent.
  }
}

export function feedback(isSuccess: boolean): void {
  if (isSuccess) beep(880, 0, 0.15);
  else {
    beep(220, 0, 0.15);
    beep(220, 0.22, 0.15);
  }
  navigator.vibrate?.(isSuccess ? 120 : [80, 60, 80]);
}
