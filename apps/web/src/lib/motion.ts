/**
 * Whether the player's system asks for reduced motion. CSS follows the same setting in styles.css
 * (animations and transitions end at once); code that times itself on an animation (the spin
 * wheel's turn, the banner carousel's autoplay) asks here and skips the wait.
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
