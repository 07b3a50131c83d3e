// The game's sounds, made here at run time with the Web Audio API (no sound files): a move, a capture, a
// reveal, low time and the end of the game. Muting is remembered in this browser. Each sound played is also
// announced as a `strat-sound` event on window (detail: its name), for anything that wants to show it.
export type SoundName = 'move' | 'capture' | 'reveal' | 'low' | 'end';

const KEY = 'strat.sound.muted';
let ctx: AudioContext | null = null;

export function isMuted(): boolean {
  return localStorage.getItem(KEY) === '1';
}

export function setMuted(muted: boolean): void {
  localStorage.setItem(KEY, muted ? '1' : '0');
}

// One note: an oscillator gliding from `f0` to `f1` Hz with a quick attack and an exponential fade.
function note(ac: AudioContext, at: number, f0: number, f1: number, length: number, wave: OscillatorType, volume: number): void {
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = wave;
  osc.frequency.setValueAtTime(f0, at);
  osc.frequency.exponentialRampToValueAtTime(f1, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

// A short burst of filtered noise: the knock of a piece put down.
function knock(ac: AudioContext, at: number, length: number, cutoff: number, volume: number): void {
  const frames = Math.ceil(ac.sampleRate * length);
  const buffer = ac.createBuffer(1, frames, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; ++i) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
  const src = ac.createBufferSource();
  src.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = cutoff;
  const gain = ac.createGain();
  gain.gain.value = volume;
  src.connect(filter).connect(gain).connect(ac.destination);
  src.start(at);
}

const SOUNDS: Record<SoundName, (ac: AudioContext, t: number) => void> = {
  move: (ac, t) => {
    knock(ac, t, 0.05, 1800, 0.5);
    note(ac, t, 320, 260, 0.06, 'triangle', 0.12);
  },
  capture: (ac, t) => {
    knock(ac, t, 0.08, 2600, 0.7);
    note(ac, t, 200, 110, 0.14, 'square', 0.07);
    knock(ac, t + 0.07, 0.06, 1400, 0.5);
  },
  reveal: (ac, t) => {
    note(ac, t, 520, 780, 0.12, 'sine', 0.15);
    note(ac, t + 0.1, 780, 1040, 0.14, 'sine', 0.12);
  },
  low: (ac, t) => {
    note(ac, t, 880, 880, 0.08, 'square', 0.06);
    note(ac, t + 0.16, 880, 880, 0.08, 'square', 0.06);
  },
  end: (ac, t) => {
    [523, 659, 784, 1047].forEach((f, i) => note(ac, t + i * 0.11, f, f, 0.22, 'sine', 0.14));
  },
};

export function playSound(name: SoundName): void {
  if (isMuted()) return;
  window.dispatchEvent(new CustomEvent('strat-sound', { detail: name }));
  try {
    ctx ??= new AudioContext();
    // Browsers start audio suspended until the page was touched; a sound before that is simply not heard.
    if (ctx.state === 'suspended') void ctx.resume();
    SOUNDS[name](ctx, ctx.currentTime + 0.01);
  } catch {
    // No audio device or no Web Audio: the game goes on silently.
  }
}

// The sound of a move from its events (the contract's event lines: "capture e5", "reveal e5 6x4", ...).
export function soundOfMove(events: string[], over: boolean): SoundName {
  if (over) return 'end';
  const first = events.map((e) => e.split(' ')[0]);
  if (first.some((w) => w === 'capture' || w === 'attack' || w === 'removed' || w === 'captured')) return 'capture';
  if (first.includes('reveal')) return 'reveal';
  return 'move';
}
