// Loaded after first paint: the animation engine is not needed to show the first page.
export { domAnimation as default } from 'motion/react';
