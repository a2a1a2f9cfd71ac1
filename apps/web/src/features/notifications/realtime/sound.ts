type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  // Older Safari only has the prefixed name.
  const prefixed = (window as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  return window.AudioContext ?? prefixed;
}

/** A short two-tone chime made with WebAudio, so no sound file has to be shipped. */
export function playNotificationSound(): void {
  const AudioContextCtor = audioContextClass();
  if (!AudioContextCtor) return;
  try {
    context ??= new AudioContextCtor();
    // Browsers start audio suspended until the page has had a user gesture; resuming may be refused.
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    gain.connect(context.destination);
    const tone = context.createOscillator();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(880, start);
    tone.frequency.setValueAtTime(1320, start + 0.12);
    tone.connect(gain);
    tone.start(start);
    tone.stop(start + 0.36);
  } catch {
    // A missing or blocked audio device only costs the sound.
  }
}
