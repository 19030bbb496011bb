import { useCallback, useEffect, useRef, useState } from 'react';

const SOUNDS = {
  background: '/sounds/spin-wheel-background.wav',
  spin: '/sounds/spin-wheel-spin.wav',
  jackpot: '/sounds/spin-wheel-jackpot.wav',
} as const;

type SoundName = keyof typeof SOUNDS;

/**
 * The spin wheel's sounds (seed 000 sections 2 and 4): the background music loops; while the
 * bonus is unclaimed a looping spin sound plays while the wheel turns and a jackpot sound once
 * on a jackpot. Browsers allow sound only after the player interacts: everything is muted until
 * the first click (the sound toggle or the spin button), and the player can mute again.
 */
export function useSpinSounds() {
  const audio = useRef<Partial<Record<SoundName, HTMLAudioElement>>>({});
  const [enabled, setEnabled] = useState(false);

  const element = useCallback((name: SoundName) => {
    let sound = audio.current[name];
    if (!sound) {
      sound = new Audio(SOUNDS[name]);
      sound.loop = name !== 'jackpot';
      sound.volume = name === 'background' ? 0.35 : 0.7;
      audio.current[name] = sound;
    }
    return sound;
  }, []);

  const play = useCallback(
    (name: SoundName) => {
      if (!enabled) return;
      const sound = element(name);
      sound.currentTime = 0;
      // A browser that still refuses (no gesture it trusts) just stays silent.
      sound.play().catch(() => undefined);
    },
    [element, enabled],
  );

  const stop = useCallback((name: SoundName) => {
    audio.current[name]?.pause();
  }, []);

  useEffect(() => {
    if (enabled)
      element('background')
        .play()
        .catch(() => undefined);
    else for (const sound of Object.values(audio.current)) sound.pause();
  }, [enabled, element]);

  useEffect(
    () => () => {
      for (const sound of Object.values(audio.current)) sound.pause();
    },
    [],
  );

  return { enabled, setEnabled, play, stop };
}
