// Mantine's preset gives CSS modules rem()/em(), light-dark() and the breakpoint mixins.
// ESM (.js in this "type": "module" package) so the repo's lint config covers it as plain JS.
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
