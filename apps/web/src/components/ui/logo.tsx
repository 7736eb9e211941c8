import { useTranslation } from 'react-i18next';

interface LogoProps {
  /** Rendered width in px; the height follows. */
  width: number;
}

/** The Roomcraft wordmark: an arched window, the shape of a room seen through a doorway. */
export function Logo({ width }: LogoProps) {
  const { t } = useTranslation();
  return (
    <svg
      viewBox="0 0 188 44"
      width={width}
      height={(width * 44) / 188}
      role="img"
      aria-label={t('app.name')}
      style={{ display: 'block', color: 'var(--mantine-color-sand-9)' }}
    >
      <rect x="0" y="2" width="40" height="40" rx="11" fill="var(--mantine-color-clay-6)" />
      <path
        d="M12 33V20.5a8 8 0 0 1 16 0V33"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M9 33.5h22" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M20 13v20M12.5 24h15" stroke="#fff" strokeWidth="1.6" strokeOpacity="0.8" />
      <text
        x="50"
        y="31"
        fill="currentColor"
        fontFamily="var(--mantine-font-family-headings)"
        fontSize="27"
        fontWeight="600"
        letterSpacing="-0.4"
      >
        {t('app.name')}
      </text>
    </svg>
  );
}
