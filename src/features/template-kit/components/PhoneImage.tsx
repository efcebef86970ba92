/**
 * A drawn phone (no photos: the kit works offline and needs no image host). Decorative: the text
 * next to it names the model.
 */
export function PhoneImage({ hue, size = 120 }: { hue: string; size?: number }) {
  return (
    <svg width={size * 0.55} height={size} viewBox="0 0 55 100" aria-hidden focusable="false">
      <rect x="2" y="2" width="51" height="96" rx="9" fill={hue} />
      <rect x="5" y="8" width="45" height="82" rx="4" fill="#11151c" />
      <rect x="21" y="4" width="13" height="2.5" rx="1.2" fill="#11151c" />
      <circle cx="27.5" cy="94" r="2" fill="#0008" />
      <path d="M9 70 L24 46 L33 58 L39 50 L47 70 Z" fill={hue} opacity="0.55" />
      <circle cx="38" cy="24" r="5" fill={hue} opacity="0.7" />
    </svg>
  );
}
