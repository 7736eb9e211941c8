import { createContext, useContext, type ComponentType } from 'react';
import type { ImageUsed, Product } from '@roomcraft/contracts';
import type { ColourChoice, TextureChoice } from '../model/tools';

export interface ColourPickerProps {
  selectedId: string | null;
  onChange: (choice: ColourChoice | null) => void;
  /** MB, for the person's own swatch photo (spec §5). */
  maxFileSize: number;
}

export interface TexturePickerProps {
  selectedId: string | null;
  onChange: (choice: TextureChoice | null) => void;
  maxFileSize: number;
}

export interface ReplacementPickerProps {
  products: readonly Product[];
  selectedId: string | null;
  onSelect: (product: Product | null) => void;
  /** The hex of the colour picked on the replacement's card. */
  selectedColour: string | null;
  onColourSelect: (hex: string | null) => void;
}

/** What the shown image used, offered for the cart ("In this design"). */
export interface InThisDesignProps {
  used: ImageUsed;
  designId: number;
  imageUrl: string;
}

/**
 * What the editor needs from the rest of the app (ARCHITECTURE §2: features do not import each
 * other, app/ composes them): the person's credits, the save path, and the library pickers.
 */
export interface DesignEditorPorts {
  /** The signed-in person's available credits; null while unknown. */
  availableCredits: number | null;
  /** A generation answered the credits left (the header shows them). */
  onCreditsChanged: (remaining: number) => void;
  /** The editor's existing save path (spec §4 Saving). */
  saveDesign: () => Promise<void>;
  /** Where "Buy more" leads (spec §8). */
  creditsHref: string;
  maxFileSize: number;
  ColourPicker: ComponentType<ColourPickerProps>;
  FloorPicker: ComponentType<TexturePickerProps>;
  ReplacementPicker: ComponentType<ReplacementPickerProps>;
  InThisDesign: ComponentType<InThisDesignProps>;
}

const PortsContext = createContext<DesignEditorPorts | null>(null);
export const EditorPortsProvider = PortsContext.Provider;

export function useEditorPorts(): DesignEditorPorts {
  const ports = useContext(PortsContext);
  if (ports === null) throw new Error('the design editor needs its ports');
  return ports;
}
