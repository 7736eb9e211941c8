/** What every library item has: the grid picks by id and searches by name. */
export interface LibraryItem {
  id: string;
  name: string;
}

/** The id of the item made from the person's own upload; no catalogue id looks like it. */
export const UPLOADED_ITEM_ID = 'uploaded:own-image';

/** An image the person uploaded into a library (spec §2: "uploaded items"), shown first. */
export interface UploadedLibraryItem extends LibraryItem {
  id: typeof UPLOADED_ITEM_ID;
  file: File;
  /** An object URL for the file, freed when the upload is replaced or the grid goes away. */
  url: string;
}

export type LibraryPick<T extends LibraryItem> = T | UploadedLibraryItem;

export function isUploadedItem(item: LibraryItem): item is UploadedLibraryItem {
  return item.id === UPLOADED_ITEM_ID;
}

/** How a tile and the enlarged view show an item: a colour swatch or an image. */
export type LibraryPreview = { kind: 'swatch'; hex: string } | { kind: 'image'; src: string };
