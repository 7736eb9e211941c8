import {
  Button,
  Card,
  Checkbox,
  createTheme,
  em,
  Modal,
  PasswordInput,
  TextInput,
  Title,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { BREAKPOINTS } from '@roomcraft/contracts';

/** Terracotta: the warm accent of a sunlit interior. */
const clay: MantineColorsTuple = [
  '#fcf2ed',
  '#f5e2d8',
  '#ecc3ae',
  '#e2a282',
  '#da875e',
  '#d57647',
  '#c8643b',
  '#ad522c',
  '#994825',
  '#843b1c',
];

/** Warm neutrals for surfaces, borders and text. */
const sand: MantineColorsTuple = [
  '#fbf8f4',
  '#f3ede5',
  '#e8dfd3',
  '#d7cabb',
  '#bfae9b',
  '#a5927d',
  '#87755f',
  '#6a5a48',
  '#4b3f33',
  '#2e2620',
];

export const theme = createTheme({
  primaryColor: 'clay',
  // Shade 7 keeps white button text above WCAG AA contrast on the accent.
  primaryShade: { light: 7, dark: 6 },
  colors: { clay, sand },
  // Spec §9 screen classes: xs < 600, sm < 1024, md < 1440, lg < 1920, xl above.
  breakpoints: {
    xs: em(BREAKPOINTS.xs),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: em(BREAKPOINTS.xl),
  },
  fontFamily:
    'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", "URW Palladio L", Georgia, serif',
    fontWeight: '600',
    sizes: {
      h1: { fontSize: 'clamp(1.75rem, 1.4rem + 1.2vw, 2.5rem)', lineHeight: '1.15' },
      h2: { fontSize: '1.5rem', lineHeight: '1.25' },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  black: '#2e2620',
  components: {
    Button: Button.extend({ defaultProps: { radius: 'xl' } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'md' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: 'md' } }),
    Checkbox: Checkbox.extend({ defaultProps: { radius: 'sm' } }),
    Card: Card.extend({ defaultProps: { radius: 'lg' } }),
    Modal: Modal.extend({ defaultProps: { radius: 'lg', centered: true } }),
    Title: Title.extend({ defaultProps: { c: 'sand.9' } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-body': '#fbf8f4',
    '--mantine-color-text': '#2e2620',
    '--mantine-color-dimmed': '#7a6a58',
    '--mantine-color-default-border': '#e8dfd3',
  },
  dark: {},
});
