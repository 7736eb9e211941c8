import { useId } from 'react';

/**
 * A sunlit living room, drawn for the login page's side panel. Decorative: it carries no
 * information, so assistive technology skips it.
 */
export function RoomIllustration() {
  const id = useId();
  const ref = (name: string) => `${id}-${name}`;
  const url = (name: string) => `url(#${ref(name)})`;

  return (
    <svg
      viewBox="0 0 600 800"
      preserveAspectRatio="xMidYMid slice"
      width="100%"
      height="100%"
      aria-hidden
      focusable="false"
      style={{ display: 'block' }}
    >
      <defs>
        <linearGradient id={ref('wall')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f1e6da" />
          <stop offset="1" stopColor="#e7d6c4" />
        </linearGradient>
        <linearGradient id={ref('floor')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#c08f66" />
          <stop offset="1" stopColor="#9d6b47" />
        </linearGradient>
        <linearGradient id={ref('sky')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#cfe0e3" />
          <stop offset="0.7" stopColor="#f3e6d2" />
          <stop offset="1" stopColor="#f7dcc0" />
        </linearGradient>
        <linearGradient id={ref('sunbeam')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff6e6" stopOpacity="0.75" />
          <stop offset="1" stopColor="#fff6e6" stopOpacity="0" />
        </linearGradient>
        <radialGradient id={ref('glow')}>
          <stop offset="0" stopColor="#ffe3b0" stopOpacity="0.85" />
          <stop offset="1" stopColor="#ffe3b0" stopOpacity="0" />
        </radialGradient>
        <clipPath id={ref('window')}>
          <path d="M60 470V250a90 90 0 0 1 180 0v220z" />
        </clipPath>
      </defs>

      {/* Room shell */}
      <rect width="600" height="560" fill={url('wall')} />
      <rect y="560" width="600" height="240" fill={url('floor')} />
      <g stroke="#7e5234" strokeOpacity="0.18" strokeWidth="2">
        <path d="M0 600h600M0 652h600M0 716h600M0 790h600" />
        <path d="M120 560l-40 40M330 600l-30 52M480 652l-36 64M190 716l-40 74" />
      </g>
      <rect y="548" width="600" height="14" fill="#f7efe6" />

      {/* Arched window with a view of hills at golden hour */}
      <g clipPath={url('window')}>
        <rect x="60" y="160" width="180" height="310" fill={url('sky')} />
        <circle cx="190" cy="360" r="34" fill="#f6c38b" />
        <path d="M60 420c40-40 90-46 130-20s40 14 50 10v60H60z" fill="#a9b99a" />
        <path d="M60 440c30-16 70-14 110 4s50 10 70 6v20H60z" fill="#8ca27e" />
      </g>
      <path d="M60 470V250a90 90 0 0 1 180 0v220z" fill="none" stroke="#fbf6f0" strokeWidth="10" />
      <path d="M150 162v308M60 330h180" stroke="#fbf6f0" strokeWidth="6" />
      <rect x="48" y="468" width="204" height="14" rx="4" fill="#fbf6f0" />
      <path d="M60 560l70-78h170l120 78z" fill={url('sunbeam')} />

      {/* Framed art */}
      <rect x="338" y="226" width="150" height="176" rx="4" fill="#fbf6f0" />
      <rect x="352" y="240" width="122" height="148" fill="#efe2d2" />
      <circle cx="400" cy="300" r="30" fill="#c8643b" />
      <path d="M352 388c30-40 66-52 122-40v40z" fill="#5f7d5a" />
      <path d="M352 350c40 6 70-14 122-2" fill="none" stroke="#d9a441" strokeWidth="4" />

      {/* Floor lamp and its warm light */}
      <circle cx="566" cy="330" r="150" fill={url('glow')} />
      <path d="M566 318v236" stroke="#3f2c20" strokeWidth="4" />
      <ellipse cx="566" cy="556" rx="24" ry="6" fill="#3f2c20" />
      <path d="M528 318h76l-16-62h-44z" fill="#f3d9b5" />

      {/* Rug, sofa and cushions */}
      <ellipse cx="400" cy="650" rx="230" ry="54" fill="#eadac6" />
      <ellipse
        cx="400"
        cy="650"
        rx="196"
        ry="40"
        fill="none"
        stroke="#c8643b"
        strokeOpacity="0.35"
        strokeWidth="3"
      />
      <rect x="292" y="548" width="10" height="22" rx="3" fill="#4d3324" />
      <rect x="510" y="548" width="10" height="22" rx="3" fill="#4d3324" />
      <rect x="290" y="420" width="232" height="90" rx="26" fill="#b9572f" />
      <rect x="272" y="486" width="268" height="66" rx="20" fill="#c8643b" />
      <rect x="262" y="458" width="46" height="96" rx="20" fill="#b15229" />
      <rect x="504" y="458" width="46" height="96" rx="20" fill="#b15229" />
      <rect x="310" y="440" width="94" height="58" rx="18" fill="#d77c52" />
      <rect x="410" y="440" width="94" height="58" rx="18" fill="#d77c52" />
      <rect
        x="318"
        y="452"
        width="50"
        height="46"
        rx="12"
        fill="#e0b15a"
        transform="rotate(-10 343 475)"
      />
      <rect
        x="448"
        y="454"
        width="46"
        height="42"
        rx="12"
        fill="#f1e3d0"
        transform="rotate(8 471 475)"
      />

      {/* Coffee table with a vase */}
      <path d="M336 620v44M424 620v44" stroke="#4d3324" strokeWidth="6" strokeLinecap="round" />
      <ellipse cx="380" cy="616" rx="78" ry="16" fill="#6b4a33" />
      <ellipse cx="380" cy="612" rx="78" ry="14" fill="#85603f" />
      <path d="M396 610c-6-10-6-22 0-30h12c6 8 6 20 0 30z" fill="#f1e3d0" />
      <path
        d="M402 580c-4-18 4-32 18-42M402 580c-10-12-10-26-4-36"
        fill="none"
        stroke="#5f7d5a"
        strokeWidth="3"
      />

      {/* Plant */}
      <g fill="#5f7d5a">
        <ellipse cx="78" cy="470" rx="16" ry="44" transform="rotate(-28 78 470)" />
        <ellipse cx="108" cy="452" rx="16" ry="50" transform="rotate(6 108 452)" />
        <ellipse cx="136" cy="476" rx="15" ry="42" transform="rotate(34 136 476)" />
      </g>
      <g fill="#7c9a6d">
        <ellipse cx="92" cy="488" rx="12" ry="34" transform="rotate(-50 92 488)" />
        <ellipse cx="126" cy="492" rx="12" ry="34" transform="rotate(46 126 492)" />
      </g>
      <path d="M74 520h68l-10 60H84z" fill="#efe7dd" />
      <path d="M74 520h68v8H74z" fill="#e2d6c8" />
    </svg>
  );
}
