export type PandaState = "normal" | "greeting" | "blindfold";

/**
 * The auth modal's panda (spec §4): normal, greeting while the account field has focus,
 * blindfold (paws over the eyes) while the password field has focus. Pure SVG + CSS transitions.
 */
export function Panda({ state }: { state: PandaState }) {
  return (
    <div className="panda" data-state={state} aria-hidden="true">
      <svg viewBox="0 0 200 120" width="200" height="120">
        <g className="panda-head">
          <circle cx="56" cy="40" r="17" fill="#2b2b2b" />
          <circle cx="144" cy="40" r="17" fill="#2b2b2b" />
          <ellipse cx="100" cy="84" rx="62" ry="52" fill="#fff" stroke="#2b2b2b" strokeWidth="3" />
          <ellipse cx="76" cy="80" rx="14" ry="18" fill="#2b2b2b" transform="rotate(-28 76 80)" />
          <ellipse cx="124" cy="80" rx="14" ry="18" fill="#2b2b2b" transform="rotate(28 124 80)" />
          <g className="panda-eyes-open">
            <circle cx="78" cy="78" r="6" fill="#fff" />
            <circle cx="122" cy="78" r="6" fill="#fff" />
            <circle cx="79" cy="79" r="3" fill="#2b2b2b" />
            <circle cx="121" cy="79" r="3" fill="#2b2b2b" />
          </g>
          <g className="panda-eyes-happy" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round">
            <path d="M71 81 q7 -9 14 0" />
            <path d="M115 81 q7 -9 14 0" />
          </g>
          <ellipse cx="100" cy="98" rx="7" ry="5" fill="#2b2b2b" />
          <path d="M93 106 q7 6 14 0" fill="none" stroke="#2b2b2b" strokeWidth="2" strokeLinecap="round" />
          <ellipse className="panda-blush" cx="64" cy="102" rx="8" ry="4" fill="#ffb8c6" />
          <ellipse className="panda-blush" cx="136" cy="102" rx="8" ry="4" fill="#ffb8c6" />
        </g>
        <ellipse className="panda-paw panda-paw-left" cx="62" cy="122" rx="19" ry="15" fill="#2b2b2b" />
        <ellipse className="panda-paw panda-paw-right" cx="138" cy="122" rx="19" ry="15" fill="#2b2b2b" />
      </svg>
    </div>
  );
}
