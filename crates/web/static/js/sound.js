// Move sounds, synthesized with WebAudio (no sound files): a short wooden knock for a move
// or a placed stone, a sharper, lower double knock for a capture. The audio context is made
// on a person's first press on the board, as browsers require.

let audio = null;

/** Makes (or wakes) the audio context; call from a person's gesture. */
export function unlockSound() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  if (!audio) audio = new Context();
  if (audio.state === 'suspended') audio.resume().catch(() => {});
}

function knock(at, frequency, length, volume) {
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = 'triangle';
  osc.frequency.setValueAtTime(frequency, at);
  osc.frequency.exponentialRampToValueAtTime(frequency * 0.55, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.004);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

// A burst of filtered noise: the click of wood on wood.
function click(at, length, volume, centre) {
  const frames = Math.ceil(audio.sampleRate * length);
  const buffer = audio.createBuffer(1, frames, audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
  const source = audio.createBufferSource();
  source.buffer = buffer;
  const filter = audio.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = centre;
  filter.Q.value = 1.2;
  const gain = audio.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(audio.destination);
  source.start(at);
}

/** Plays the sound of a `move` or a `capture` (nothing before the first gesture). */
export function playSound(kind) {
  if (!audio || audio.state !== 'running') return false;
  const now = audio.currentTime + 0.005;
  if (kind === 'capture') {
    click(now, 0.05, 0.9, 1400);
    knock(now, 300, 0.09, 0.35);
    knock(now + 0.06, 190, 0.12, 0.4);
  } else {
    click(now, 0.035, 0.6, 2400);
    knock(now, 620, 0.07, 0.22);
  }
  return true;
}
