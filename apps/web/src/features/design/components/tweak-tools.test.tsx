import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DESIGN_CONFIG, NOTHING_USED, type Product } from '@roomcraft/contracts';
import { savedDesign } from '@/testing/design';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testPorts } from '../testing/editor-ports';
import { selectShownImage, useEditorStore } from '../store/editor-store';
import { DesignEditor } from './design-editor';
import type { DesignEditorPorts } from './editor-ports';

const BASE = '/api/files/baseBaseBaseBaseBaseBase01.jpg';
const FIRST = '/api/files/firstFirstFirstFirstFirst01.png';
const SECOND = '/api/files/secondSecondSecondSecond02.png';

/** What the editor sent, by endpoint. */
const sent: { path: string; body: unknown }[] = [];
let generateAnswer: () => Response = () => jsonResponse(500, { message: 'not set' });
let replacementsAnswer: () => Response = () => jsonResponse(500, { message: 'not set' });

const SOFA: Product = {
  id: 'pilar-sofa',
  category: 'sofa',
  maker: 'Casa Verde',
  name: 'Pilar 2-Seat Sofa',
  price: 42900,
  currency: 'EUR',
  description: 'A compact two-seater.',
  colors: [],
  dimensions: { width: 160, depth: 85, height: 80 },
  materials: ['linen'],
  distributor: 'Casa Verde',
  image_url: '/api/library/images/pilarPilarPilarPilar01.jpg',
  cutout_url: null,
  product_url: null,
  styles: ['modern'],
  space_types: ['residential'],
};

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = input;
      sent.push({ path, body: init?.body });
      if (path === '/api/actions/get/space-elements') {
        return Promise.resolve(
          jsonResponse(200, {
            baseImage: BASE,
            elements: [
              {
                label: 'Sofa',
                box: [
                  { x: 10, y: 20 },
                  { x: 90, y: 20 },
                  { x: 90, y: 60 },
                ],
              },
            ],
            remainingCredits: 10,
          }),
        );
      }
      if (path.startsWith('/api/actions/generate/')) return Promise.resolve(generateAnswer());
      if (path === '/api/actions/get/furniture-replacements') {
        return Promise.resolve(replacementsAnswer());
      }
      return Promise.resolve(jsonResponse(404, { message: 'Not found' }));
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
  useEditorStore.getState().reset();
  vi.unstubAllGlobals();
});

/**
 * jsdom has no 2D canvas: the overlay's context stands in for one, a 4×3 overlay with its
 * top-left pixel painted, and the PNG encoder answers a blob of the type asked for.
 */
function fakeCanvas() {
  const rgba = new Uint8ClampedArray(4 * 3 * 4);
  rgba[3] = 255;
  const context = {
    clearRect: vi.fn(),
    getImageData: () => ({ data: rgba }),
    createImageData: (width: number, height: number) => ({
      data: new Uint8ClampedArray(width * height * 4),
    }),
    putImageData: vi.fn(),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) =>
    done(new Blob([new Uint8Array(16)], { type })),
  );
  return context;
}

/** The editor on the tweak step of a saved design (or of what `open` puts in it). */
async function openTool(
  tool: string,
  ports: DesignEditorPorts = testPorts(),
  open = () => useEditorStore.getState().loadDesign(savedDesign()),
) {
  const rendered = renderWithProviders(
    <DesignEditor
      config={DESIGN_CONFIG}
      maxFileSize={15}
      loading={false}
      onNext={vi.fn()}
      creditsLabel={(count) => (count === 1 ? '1 credit' : `${count} credits`)}
      ports={ports}
    />,
  );
  open();
  await rendered.user.click(await screen.findByRole('button', { name: tool }));
  await screen.findByRole('heading', { name: tool });
  return { ...rendered, ports };
}

/** The work image loads (4×3), its mask overlay appears, and the person paints on it. */
async function paintMask() {
  const context = fakeCanvas();
  const image = document.querySelector('figure img');
  if (image === null) throw new Error('no work image');
  Object.defineProperty(image, 'naturalWidth', { value: 4 });
  Object.defineProperty(image, 'naturalHeight', { value: 3 });
  fireEvent.load(image);
  await screen.findByRole('img', { name: 'Selection mask' });
  useEditorStore.getState().setMask({ painted: true });
  return context;
}

const generateButton = () => screen.getByRole('button', { name: /^(Generate|Regenerate)/ });

describe('a tool panel', () => {
  it('shows Generate with its cost, enabled once the mask is painted', async () => {
    await openTool('Remove elements');
    expect(generateButton().textContent).toBe('Generate2 credits');
    expect(generateButton()).toHaveProperty('disabled', true);
    await paintMask();
    await waitFor(() => expect(generateButton()).toHaveProperty('disabled', false));
  });

  it('counts wall paint as one design and has no number of designs', async () => {
    const { user } = await openTool('Wall paint');
    expect(generateButton().textContent).toBe('Generate1 credit');
    expect(screen.queryByText('Number of designs')).toBeNull();
    await paintMask();
    // A mask alone is not enough: a colour is chosen in the second step.
    expect(generateButton()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Choose color' }));
    await user.click(screen.getByRole('button', { name: 'Sage' }));
    expect(generateButton()).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Back to the selection' }));
    expect(screen.getByRole('button', { name: 'Choose color' })).toBeDefined();
  });

  it('forces one design on Floors and gives the number back after', async () => {
    const { user } = await openTool('Floors');
    expect(useEditorStore.getState().tweak.desiredNumberOfDesigns).toBe(1);
    await user.click(screen.getByRole('button', { name: 'All tools' }));
    expect(useEditorStore.getState().tweak.desiredNumberOfDesigns).toBe(2);
  });

  it('keeps rugs on Floors unless "Keep rugs" is unticked, then floors over them (issue 10)', async () => {
    generateAnswer = () =>
      jsonResponse(200, { images: [FIRST], used: [NOTHING_USED], remainingCredits: 9 });
    const floorsForms = () =>
      sent
        .filter(({ path }) => path === '/api/actions/generate/floors')
        .map(({ body }) => body as FormData);
    const { user } = await openTool('Floors');
    const keepRugs = screen.getByRole('checkbox', { name: 'Keep rugs' });
    expect(keepRugs).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Oak' }));
    await user.click(generateButton());
    await waitFor(() => expect(floorsForms()).toHaveLength(1));
    expect(floorsForms()[0]?.get('rug')).toBeNull();
    await user.click(keepRugs);
    await user.click(generateButton());
    await waitFor(() => expect(floorsForms()).toHaveLength(2));
    expect(floorsForms()[1]?.get('rug')).toBe('replace');
  });

  it("words the kept-rugs refusal for its own checkbox, from the answer's code (issue 10)", async () => {
    generateAnswer = () =>
      jsonResponse(422, {
        message:
          'Too little bare floor is visible around the rugs: lay the new floor over the rugs instead. Your credits were refunded',
        code: 'floor_under_rugs',
      });
    const { user } = await openTool('Floors');
    await user.click(screen.getByRole('button', { name: 'Oak' }));
    await user.click(generateButton());
    expect(
      await screen.findByText(
        'Too little bare floor is visible around the rugs: untick "Keep rugs" to lay the floor over them. Your credits were refunded',
      ),
    ).toBeDefined();
  });
});

describe('generating', () => {
  it('asks to buy more credits before calling when the person has too few', async () => {
    const { user } = await openTool('Remove elements', testPorts({ availableCredits: 1 }));
    await paintMask();
    await user.click(generateButton());
    const notice = (await screen.findByText('You do not have enough credits for this action'))
      .parentElement;
    expect(within(notice ?? document.body).getByRole('button', { name: 'Buy more' })).toBeDefined();
    expect(sent.some(({ path }) => path.includes('/generate/'))).toBe(false);
  });

  it('turns a 402 answer into "Buy more", which leads to the credits page', async () => {
    generateAnswer = () =>
      jsonResponse(402, { message: 'You do not have enough credits for this action' });
    const { user, router, ports } = await openTool('Remove elements');
    await paintMask();
    await user.click(generateButton());
    await user.click(await screen.findByRole('button', { name: 'Buy more' }));
    expect(router.state.location.pathname).toBe('/credits');
    expect(ports.saveDesign).not.toHaveBeenCalled();
    expect(useEditorStore.getState().draft.generated_images).toEqual({});
  });

  it('shows the answer message of any other failure', async () => {
    generateAnswer = () =>
      jsonResponse(503, { message: 'The inpainting model is missing: install it first' });
    const { user } = await openTool('Remove elements');
    await paintMask();
    await user.click(generateButton());
    expect(
      await screen.findByText('The inpainting model is missing: install it first'),
    ).toBeDefined();
  });

  it('puts the new images first, selects the first, updates credits and saves', async () => {
    generateAnswer = () =>
      jsonResponse(200, {
        images: [FIRST, SECOND],
        used: [NOTHING_USED, NOTHING_USED],
        remainingCredits: 8,
      });
    const { user, ports } = await openTool('Remove elements');
    const context = await paintMask();
    await user.click(generateButton());

    const strip = within(await screen.findByRole('list', { name: 'Images of this design' }));
    const newest = await strip.findByRole('button', { name: 'Remove elements 2' });
    expect(newest.getAttribute('aria-pressed')).toBe('true');
    expect(strip.getByRole('button', { name: 'Remove elements 1' })).toBeDefined();
    expect(ports.onCreditsChanged).toHaveBeenCalledWith(8);
    expect(ports.saveDesign).toHaveBeenCalledOnce();
    expect(generateButton().textContent).toBe('Regenerate2 credits');

    const call = sent.find(({ path }) => path === '/api/actions/generate/remove-elements');
    const form = call?.body as FormData;
    expect(form.get('state_image')).toBe(BASE);
    expect(form.get('quantity')).toBe('2');
    expect(form.get('space_type')).toBe('residential');
    const mask = form.get('masked_image') as Blob;
    expect(mask.type).toBe('image/png');
    // The painted pixel went white and opaque into the encoded canvas, the rest transparent.
    const [image] = context.putImageData.mock.calls.at(-1) as [{ data: Uint8ClampedArray }];
    expect([...image.data.subarray(0, 8)]).toEqual([255, 255, 255, 255, 0, 0, 0, 0]);
  });
});

describe('change furniture', () => {
  const withSofa = () =>
    useEditorStore.getState().loadDesign(
      savedDesign({
        space_elements: [
          {
            label: 'Sofa',
            box: [
              { x: 10, y: 20 },
              { x: 90, y: 60 },
            ],
          },
        ],
      }),
    );

  it('loads the options of the chosen element once asked, then a pick enables Generate', async () => {
    replacementsAnswer = () => jsonResponse(200, { data: [SOFA] });
    const { user } = await openTool('Change furniture', testPorts(), withSofa);
    const load = screen.getByRole('button', { name: 'Load options' });
    expect(load).toHaveProperty('disabled', true);
    useEditorStore.getState().setInputs({ element: 0 });
    await waitFor(() => expect(load).toHaveProperty('disabled', false));
    expect(sent.some(({ path }) => path.includes('furniture-replacements'))).toBe(false);

    await user.click(load);
    await user.click(await screen.findByRole('button', { name: 'Pilar 2-Seat Sofa' }));
    const asked = sent.find(({ path }) => path === '/api/actions/get/furniture-replacements');
    expect(JSON.parse(String(asked?.body))).toMatchObject({ furniture: 'Sofa' });
    // Loaded: asking again is pointless until another element is chosen.
    expect(load).toHaveProperty('disabled', true);
    expect(generateButton()).toHaveProperty('disabled', false);
  });

  it('reports a failed load and lets the person ask again', async () => {
    replacementsAnswer = () => jsonResponse(503, { message: 'The catalogue is not ready' });
    const { user } = await openTool('Change furniture', testPorts(), withSofa);
    useEditorStore.getState().setInputs({ element: 0 });
    const load = screen.getByRole('button', { name: 'Load options' });
    await waitFor(() => expect(load).toHaveProperty('disabled', false));
    await user.click(load);
    expect(await screen.findByText('The catalogue is not ready')).toBeDefined();

    replacementsAnswer = () => jsonResponse(200, { data: [SOFA] });
    await waitFor(() => expect(load).toHaveProperty('disabled', false));
    await user.click(load);
    expect(await screen.findByRole('button', { name: 'Pilar 2-Seat Sofa' })).toBeDefined();
  });
});

describe('a new design', () => {
  it('uploads its photo once: detection stores it, generation sends the stored URL', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:room'), revokeObjectURL: vi.fn() });
    generateAnswer = () =>
      jsonResponse(200, { images: [FIRST], used: [NOTHING_USED], remainingCredits: 8 });
    const photo = new File(['jpeg bytes'], 'room.jpg', { type: 'image/jpeg' });
    const { user } = await openTool('Remove elements', testPorts(), () => {
      const editor = useEditorStore.getState();
      editor.chooseBaseImage(photo);
      editor.updateDetails({ space_type: 'residential', space_sub_type: 'living_room' });
      editor.nextStep();
    });
    await waitFor(() => expect(useEditorStore.getState().draft.base?.source).toBe(BASE));
    await paintMask();
    await user.click(generateButton());
    await screen.findByRole('button', { name: 'Remove elements 1' });

    const detection = sent.find(({ path }) => path === '/api/actions/get/space-elements');
    expect((detection?.body as FormData).get('base_image')).toBe(photo);
    const call = sent.find(({ path }) => path === '/api/actions/generate/remove-elements');
    expect((call?.body as FormData).get('state_image')).toBe(BASE);
  });
});

describe('the AI assistant (issue 11)', () => {
  const answer = () =>
    jsonResponse(200, { images: [FIRST], used: [NOTHING_USED], remainingCredits: 9 });
  const assistantForm = () =>
    sent.find(({ path }) => path === '/api/actions/generate/ai-assistant')?.body as FormData;

  it('generates from the words alone and never sends a mask painted with another tool', async () => {
    generateAnswer = answer;
    const { user } = await openTool('Remove elements');
    // A mask painted for Remove elements; the overlay still holds its pixels.
    await paintMask();
    await user.click(screen.getByRole('button', { name: 'All tools' }));
    await user.click(await screen.findByRole('button', { name: /^AI assistant/ }));
    await screen.findByRole('heading', { name: 'AI assistant' });
    expect(useEditorStore.getState().mask.painted).toBe(false);
    expect(generateButton()).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Instructions' }), 'remove the lamp');
    await waitFor(() => expect(generateButton()).toHaveProperty('disabled', false));
    await user.click(generateButton());
    await waitFor(() => expect(assistantForm()).toBeDefined());
    expect(assistantForm().get('prompt')).toBe('remove the lamp');
    expect(assistantForm().get('masked_image')).toBeNull();
  });

  it('sends the mask painted while the assistant is open, to narrow the target', async () => {
    generateAnswer = answer;
    const { user } = await openTool('AI assistant');
    await user.type(screen.getByRole('textbox', { name: 'Instructions' }), 'remove the lamp');
    await paintMask();
    await user.click(generateButton());
    await waitFor(() => expect(assistantForm()).toBeDefined());
    const mask = assistantForm().get('masked_image') as Blob;
    expect(mask.type).toBe('image/png');
  });

  it('shows the most an instruction can cost, and lets 1 credit send one: the server decides', async () => {
    generateAnswer = () =>
      jsonResponse(200, { images: [FIRST], used: [NOTHING_USED], remainingCredits: 0 });
    const { user, ports } = await openTool('AI assistant', testPorts({ availableCredits: 1 }));
    // Two designs of a restyle are the most it can cost.
    expect(generateButton().textContent).toContain('4 credits');
    await user.type(screen.getByRole('textbox', { name: 'Instructions' }), 'paint the walls sage');
    await user.click(generateButton());
    await waitFor(() => expect(assistantForm()).toBeDefined());
    expect(screen.queryByText('You do not have enough credits for this action')).toBeNull();
    await waitFor(() => expect(ports.onCreditsChanged).toHaveBeenCalledWith(0));
  });

  it('asks to buy more when the plan costs more than the balance (the 402), or when none is left', async () => {
    generateAnswer = () =>
      jsonResponse(402, { message: 'You do not have enough credits for this action' });
    const short = await openTool('AI assistant', testPorts({ availableCredits: 1 }));
    await short.user.type(
      screen.getByRole('textbox', { name: 'Instructions' }),
      'make it Scandinavian',
    );
    await short.user.click(generateButton());
    expect(await screen.findByRole('button', { name: 'Buy more' })).toBeDefined();
    expect(assistantForm()).toBeDefined();
    short.unmount();
    notifications.clean();
    useEditorStore.getState().reset();
    sent.length = 0;

    const none = await openTool('AI assistant', testPorts({ availableCredits: 0 }));
    await none.user.type(screen.getByRole('textbox', { name: 'Instructions' }), 'remove the lamp');
    await none.user.click(generateButton());
    expect(await screen.findByText('You do not have enough credits for this action')).toBeDefined();
    expect(sent.some(({ path }) => path.includes('/generate/'))).toBe(false);
  });
});

describe('going back from an action', () => {
  async function generatedTwo() {
    generateAnswer = () =>
      jsonResponse(200, {
        images: [FIRST, SECOND],
        used: [NOTHING_USED, NOTHING_USED],
        remainingCredits: 8,
      });
    const rendered = await openTool('Remove elements');
    await paintMask();
    await rendered.user.click(generateButton());
    await screen.findByRole('button', { name: 'Remove elements 2' });
    await rendered.user.click(screen.getByRole('button', { name: 'All tools' }));
    return rendered;
  }

  it('asks "Apply changes?"; Yes makes the selected image the design state', async () => {
    const { user } = await generatedTwo();
    const dialog = await screen.findByRole('dialog', { name: 'Apply changes?' });
    expect(
      within(dialog).getByText('Continue working on the currently selected design?'),
    ).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const editor = useEditorStore.getState();
    expect(selectShownImage(editor)).toBe(FIRST);
    expect(editor.history.past).toEqual([BASE]);
    expect(editor.selectedImage).toBe(0);
    expect(editor.tweak.action).toBe('none');
    // Undo brings the photo back: the change went through the history.
    editor.undo();
    expect(selectShownImage(useEditorStore.getState())).toBe(BASE);
  });

  it('No leaves the design state as it was and goes back to the list', async () => {
    const { user } = await generatedTwo();
    const dialog = await screen.findByRole('dialog', { name: 'Apply changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    const editor = useEditorStore.getState();
    expect(selectShownImage(editor)).toBe(BASE);
    expect(editor.tweak.action).toBe('none');
    expect(await screen.findByRole('heading', { name: 'All tools' })).toBeDefined();
  });
});
