/**
 * The design summary as a PDF (spec §1 "The summary can be downloaded as a PDF"): before and
 * after, the items with their details, paint colours with swatches, floors and materials, and
 * the totals. Text is real text (Helvetica), so it can be searched and copied; the photos are
 * embedded at their full resolution.
 */
import {
  formatPrice,
  paintLitres,
  type CartItem,
  type DesignSummary,
  type PaperSize,
} from '@roomcraft/contracts';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

const MARGIN = 48;
const INK = '#1f2328';
const MUTED = '#5c636a';
const RULE = '#d0d7de';

export interface SummaryImages {
  before: Buffer;
  after: Buffer;
}

export async function designSummaryPdf(
  summary: DesignSummary,
  images: SummaryImages,
  paper: PaperSize,
  madeAt: Date,
): Promise<Buffer> {
  // JPEG at full size keeps the PDF small and the photos sharp when zoomed.
  const [before, after] = await Promise.all(
    [images.before, images.after].map((image) =>
      sharp(image).rotate().flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer(),
    ),
  );
  const doc = new PDFDocument({
    size: paper === 'a4' ? 'A4' : 'LETTER',
    margin: MARGIN,
    info: {
      Title: `${summary.name} - Roomcraft summary`,
      Author: 'Roomcraft',
      CreationDate: madeAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('ROOMCRAFT · DESIGN SUMMARY');
  doc.moveDown(0.3);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(summary.name);
  doc.moveDown(0.6);

  // Before and after, side by side, each in a box of the same height.
  const gap = 12;
  const boxWidth = (width - gap) / 2;
  // As tall as the after photo's shape asks, so neither photo floats in empty space.
  const { width: photoWidth, height: photoHeight } = await sharp(after ?? images.after).metadata();
  const boxHeight = Math.min(boxWidth * 0.9, (boxWidth * photoHeight) / photoWidth);
  const top = doc.y + 16;
  for (const [index, [label, image]] of (
    [
      ['Before', before],
      ['After', after],
    ] as const
  ).entries()) {
    const x = MARGIN + index * (boxWidth + gap);
    doc
      .fillColor(MUTED)
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(label.toUpperCase(), x, top - 14);
    doc.image(image ?? Buffer.alloc(0), x, top, {
      fit: [boxWidth, boxHeight],
      align: 'center',
      valign: 'center',
    });
  }
  doc.x = MARGIN;
  doc.y = top + boxHeight + 20;

  const products = summary.items.filter((item) => item.kind === 'product');
  const paints = summary.items.filter((item) => item.kind === 'paint');
  const textures = summary.items.filter((item) => item.kind === 'texture');

  if (products.length > 0) {
    heading(doc, 'Items');
    for (const item of products) productRow(doc, item, width);
  }
  if (paints.length > 0) {
    heading(doc, 'Paint colours');
    for (const item of paints) paintRow(doc, item, width);
  }
  if (textures.length > 0) {
    heading(doc, 'Floors and materials');
    for (const item of textures) textureRow(doc, item, width);
  }
  if (summary.items.length === 0) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(10)
      .text('No items from this design are in the cart.');
  }

  heading(doc, 'Total');
  if (summary.totals.length === 0) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(10).text('Nothing priced.');
  }
  for (const total of summary.totals) {
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`Total (${total.currency}): ${formatPrice(total.amount, total.currency)}`, {
        align: 'right',
        width,
      });
  }
  if (
    paints.some((item) => item.area_m2 !== null) ||
    textures.some((item) => item.area_m2 !== null)
  ) {
    doc.moveDown(0.6);
    doc
      .fillColor(MUTED)
      .font('Helvetica-Oblique')
      .fontSize(8)
      .text('Areas and litres are estimates from the photo; measure before you buy.', { width });
  }
  doc.end();
  return finished;
}

function heading(doc: PDFKit.PDFDocument, title: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.8);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(title, MARGIN);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .strokeColor(RULE)
    .lineWidth(0.8)
    .stroke();
  doc.y = y + 6;
}

function ensureRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}

function productRow(doc: PDFKit.PDFDocument, item: CartItem, width: number) {
  ensureRoom(doc, 48);
  const y = doc.y;
  const priceWidth = 150;
  const details = [
    item.colour ? `Colour: ${item.colour.name ?? item.colour.hex}` : undefined,
    item.dimensions
      ? `${item.dimensions.width} × ${item.dimensions.depth} × ${item.dimensions.height} cm (W × D × H)`
      : undefined,
    item.materials.length > 0 ? item.materials.join(', ') : undefined,
    item.distributor ? `Sold by ${item.distributor}` : undefined,
  ].filter(Boolean);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .text(item.name, MARGIN, y, { width: width - priceWidth });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8.5)
    .text(details.join(' · '), { width: width - priceWidth });
  const bottom = doc.y;
  if (item.price !== null && item.currency !== null) {
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(10)
      .text(
        `${item.quantity} × ${formatPrice(item.price, item.currency)}`,
        MARGIN + width - priceWidth,
        y,
        {
          width: priceWidth,
          align: 'right',
        },
      )
      .font('Helvetica-Bold')
      .text(formatPrice(item.price * item.quantity, item.currency), {
        width: priceWidth,
        align: 'right',
      });
  }
  doc.x = MARGIN;
  doc.y = Math.max(bottom, doc.y) + 8;
}

function paintRow(doc: PDFKit.PDFDocument, item: CartItem, width: number) {
  ensureRoom(doc, 34);
  const y = doc.y;
  const hex = item.colour?.hex ?? '#ffffff';
  doc.rect(MARGIN, y, 26, 26).fillColor(hex).fill();
  doc.rect(MARGIN, y, 26, 26).strokeColor(RULE).lineWidth(0.6).stroke();
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .text(item.name, MARGIN + 36, y, { width: width - 36 });
  const amount =
    item.area_m2 !== null
      ? `about ${item.area_m2.toFixed(1)} m², ${paintLitres(item.area_m2)} l for two coats (estimate)`
      : 'area not estimated';
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8.5)
    .text(`${hex.toUpperCase()} · ${amount}`, { width: width - 36 });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, y + 26) + 8;
}

function textureRow(doc: PDFKit.PDFDocument, item: CartItem, width: number) {
  ensureRoom(doc, 28);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .text(item.name, MARGIN, doc.y, { width });
  const amount =
    item.area_m2 !== null ? `about ${item.area_m2.toFixed(1)} m² (estimate)` : 'area not estimated';
  doc.fillColor(MUTED).font('Helvetica').fontSize(8.5).text(amount, { width });
  doc.moveDown(0.5);
}
