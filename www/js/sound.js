// Short synthesized sounds for what matters, with no audio files: each cue is a few tones,
// an oscillator (or a burst of noise) whose pitch slides from one frequency to another under
// a quick attack and an exponential fade. Browsers allow sound only after a gesture, so the
// audio context starts with the first key or tap. The game names the cues (none while sound
// is off, `m` or the Sound button); each has its log line, so nothing is told by sound alone.

import { game, guard } from "./handle.js";

let ctx = null;
let noise = null;

// A cue's tones, played one after another: [wave, Hz at the start, Hz at the end, seconds,
// loudness]. "noise" is white noise; its frequencies are ignored.
const CUES = {
  hit: [["square", 260, 90, 0.09, 0.22]],
  hurt: [["sawtooth", 150, 60, 0.18, 0.28]],
  miss: [["noise", 0, 0, 0.07, 0.12]],
  noticed: [["triangle", 520, 820, 0.14, 0.2]],
  "torch-out": [["noise", 0, 0, 0.3, 0.16], ["sine", 220, 110, 0.15, 0.12]],
  "torch-lit": [["noise", 0, 0, 0.1, 0.14], ["triangle", 330, 520, 0.12, 0.16]],
  "torch-low": [["triangle", 440, 300, 0.16, 0.16], ["triangle", 440, 300, 0.16, 0.16]],
  "pick-up": [["sine", 660, 990, 0.09, 0.2]],
  door: [["noise", 0, 0, 0.05, 0.1], ["triangle", 140, 110, 0.12, 0.14]],
  trap: [["square", 880, 880, 0.04, 0.14], ["noise", 0, 0, 0.2, 0.18]],
  fire: [["noise", 0, 0, 0.25, 0.2], ["sawtooth", 90, 180, 0.2, 0.1]],
  stairs: [["triangle", 392, 330, 0.1, 0.18], ["triangle", 330, 262, 0.1, 0.18], ["triangle", 262, 196, 0.14, 0.18]],
  death: [["sawtooth", 220, 50, 0.9, 0.28]],
  victory: [["square", 523, 523, 0.12, 0.16], ["square", 659, 659, 0.12, 0.16], ["square", 784, 784, 0.35, 0.16]],
};

// Starts the audio context on the first gesture (and resumes it after the browser suspends
// it). A browser without Web Audio, or one that refuses, plays nothing and loses nothing.
function wake() {
  try {
    if (!ctx) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      ctx = new Context();
      noise = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * 0.3), ctx.sampleRate);
      const data = noise.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    }
    if (ctx.state === "suspended") ctx.resume();
  } catch (e) {
    ctx = null;
  }
}

// The Sound button shows whether sound is on.
export function showSound() {
  const on = !guard(() => game.prefs(), "").split(" ").includes("quiet");
  document.querySelector('[data-tool="Sound"]')?.setAttribute("aria-pressed", String(on));
}

export function listenSound() {
  for (const type of ["keydown", "pointerdown"]) window.addEventListener(type, wake, { capture: true });
}

function tone([wave, from, to, seconds, loud], at) {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(loud, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  gain.connect(ctx.destination);
  let source;
  if (wave === "noise") {
    source = ctx.createBufferSource();
    source.buffer = noise;
  } else {
    source = ctx.createOscillator();
    source.type = wave;
    source.frequency.setValueAtTime(from, at);
    source.frequency.exponentialRampToValueAtTime(to, at + seconds);
  }
  source.connect(gain);
  source.start(at);
  source.stop(at + seconds + 0.02);
  return seconds;
}

// Plays the cues of the turns since the last output (their names), one after another.
export function playSounds(names) {
  if (!names.length || !ctx || ctx.state !== "running") return;
  let at = ctx.currentTime + 0.01;
  for (const name of names) {
    for (const t of CUES[name] || []) at += tone(t, at);
    at += 0.03;
  }
}
