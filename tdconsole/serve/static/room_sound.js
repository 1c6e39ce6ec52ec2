"use strict";
// The room's screen awake and heard: the wake lock where the browser allows, and after one
// tap or key (browsers play nothing before a person's gesture) the chimes and the voice
// (room.js hands each picture's chime and speech here).
(function () {
  const { say, set } = window.tdconsolePage;
  const sound = { audio: null, lock: null, message: null };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") { wake(); }
  });

  // -- awake, and the sound after one tap or key -----------------------------------------
  async function wake() {
    try {
      if ("wakeLock" in navigator && !sound.lock) {
        sound.lock = await navigator.wakeLock.request("screen");
        sound.lock.addEventListener("release", () => { sound.lock = null; });
      }
    } catch (e) { sound.lock = null; }
  }
  function soundOn() {
    if (sound.audio) { return; }
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return; }
    sound.audio = new Context();
    sound.audio.resume();
    if (window.speechSynthesis) { window.speechSynthesis.getVoices(); }  // (loads the list)
    set("sound", "♪");
    wake();
  }
  const TUNES = {
    level: [[660, 0], [880, 0.25]],
    minute: [[880, 0], [880, 0.3]],
    break: [[880, 0], [660, 0.3], [523, 0.6]],
    resume: [[523, 0], [660, 0.3], [880, 0.6]],
    time_up: [[988, 0], [988, 0.2], [988, 0.4]],
  };
  function chime(kind) {
    window.tdconsoleChimes = (window.tdconsoleChimes || []).concat([kind]);
    const audio = sound.audio;
    if (!audio || !TUNES[kind]) { return; }
    for (const [freq, at] of TUNES[kind]) {
      const osc = audio.createOscillator(), gain = audio.createGain();
      const start = audio.currentTime + at;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.5);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.55);
    }
  }

  // -- the voice: what a chime means, and the Director's new message, said in the event's
  // language by the browser's own voices; none for that language: the chimes alone ----------
  function voice(room, fresh) {
    const message = room.message && room.message.text ? room.message.text : null;
    const said = [];
    if (!fresh && room.speech) { said.push(room.speech); }
    if (!fresh && message && message !== sound.message) { said.push(message); }
    sound.message = message;
    const synth = window.speechSynthesis;
    if (!sound.audio || room.voice === false || !synth || !said.length) { return; }
    const lang = (document.documentElement.lang || "it").toLowerCase();
    // (the machine's own voices only: a network voice would send the words away)
    const voices = synth.getVoices().filter((v) => v.localService &&
      v.lang.toLowerCase().replace("_", "-").split("-")[0] === lang);
    const chosen = voices.find((v) => v.default) || voices[0];
    if (!chosen) { return; }
    for (const text of said) {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.voice = chosen;
      utterance.lang = chosen.lang;
      synth.speak(utterance);
    }
  }
  document.addEventListener("pointerdown", soundOn);
  document.addEventListener("keydown", soundOn);
  set("sound", say("sound"));
  wake();

  window.tdconsoleSound = { chime, voice };
})();
