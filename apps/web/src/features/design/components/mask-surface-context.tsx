import { createContext, useContext, useRef, type ReactNode, type RefObject } from 'react';

/**
 * The overlay canvas the mask is painted on (at the work image's natural size). A DOM node, so it
 * is shared by a ref between the canvas that paints it and the Generate command that exports it,
 * not kept in the editor's store.
 */
const MaskSurfaceContext = createContext<RefObject<HTMLCanvasElement | null> | null>(null);

export function MaskSurfaceProvider({ children }: { children: ReactNode }) {
  const surface = useRef<HTMLCanvasElement | null>(null);
  return <MaskSurfaceContext value={surface}>{children}</MaskSurfaceContext>;
}

export function useMaskSurface(): RefObject<HTMLCanvasElement | null> {
  const surface = useContext(MaskSurfaceContext);
  if (surface === null) throw new Error('the mask needs its surface provider');
  return surface;
}
