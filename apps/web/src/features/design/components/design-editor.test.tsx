import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { DESIGN_CONFIG } from '@roomcraft/contracts';
import { testPorts } from '../testing/editor-ports';
import { renderWithProviders } from '@/testing/render';
import { useEditorStore } from '../store/editor-store';
import { DesignEditor } from './design-editor';

const MB = 1024 * 1024;

function photo(name = 'living-room.jpg', type = 'image/jpeg', bytes = 2 * MB): File {
  const file = new File(['jpeg bytes'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

function renderEditor() {
  const onNext = vi.fn();
  const rendered = renderWithProviders(
    <DesignEditor
      config={DESIGN_CONFIG}
      maxFileSize={15}
      loading={false}
      onNext={onNext}
      creditsLabel={(count) => (count === 1 ? '1 credit' : `${count} credits`)}
      ports={testPorts()}
    />,
  );
  return { ...rendered, onNext };
}

const nextButton = () => screen.getByRole('button', { name: 'Next' });
const dropArea = () => screen.getByLabelText('Click or drag file to this area to upload');

async function choose(
  user: ReturnType<typeof renderEditor>['user'],
  label: string,
  option: string,
) {
  await user.click(screen.getByRole('textbox', { name: label }));
  // jsdom lays nothing out, so the dropdown counts as detached from its input and stays hidden.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

// jsdom has no object URLs; the previews get names that say which file they show.
const revokeObjectURL = vi.fn();
beforeEach(() => {
  let previews = 0;
  revokeObjectURL.mockClear();
  Object.assign(URL, {
    createObjectURL: vi.fn(() => `blob:preview-${++previews}`),
    revokeObjectURL,
  });
});

afterEach(() => {
  useEditorStore.getState().reset();
});

describe('the upload-image step', () => {
  it('shows the drop area, then the chosen photo with "Replace image"', async () => {
    const { user } = renderEditor();
    expect(screen.getByRole('heading', { name: 'Upload your image' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Replace image' })).toBeNull();

    await user.upload(dropArea(), photo());

    const preview = await screen.findByRole('img', { name: 'Your photo' });
    expect(preview.getAttribute('src')).toBe('blob:preview-1');
    expect(screen.getByRole('button', { name: 'Replace image' })).toBeDefined();

    // Replacing frees the old preview and shows the new photo.
    const replacement = document.querySelectorAll<HTMLInputElement>('input[type="file"]')[0];
    if (!replacement) throw new Error('no file input behind "Replace image"');
    await user.upload(replacement, photo('bedroom.jpg'));
    expect(screen.getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe(
      'blob:preview-2',
    );
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('enables Next only with a photo, both types and a budget MIN not above MAX', async () => {
    const { user, onNext } = renderEditor();
    expect(nextButton()).toHaveProperty('disabled', true);

    await choose(user, 'Space type', 'Residential');
    await choose(user, 'Design type', 'Living room');
    expect(nextButton()).toHaveProperty('disabled', true);

    await user.upload(dropArea(), photo());
    expect(nextButton()).toHaveProperty('disabled', false);

    await user.type(screen.getByRole('textbox', { name: 'MIN' }), '5000');
    await user.type(screen.getByRole('textbox', { name: 'MAX' }), '100');
    expect(await screen.findByText('MAX cannot be lower than MIN')).toBeDefined();
    expect(nextButton()).toHaveProperty('disabled', true);

    await user.clear(screen.getByRole('textbox', { name: 'MAX' }));
    await user.type(screen.getByRole('textbox', { name: 'MAX' }), '9000');
    expect(screen.queryByText('MAX cannot be lower than MIN')).toBeNull();
    expect(nextButton()).toHaveProperty('disabled', false);

    await user.click(nextButton());
    expect(onNext).toHaveBeenCalledOnce();
    expect(useEditorStore.getState().draft).toMatchObject({
      space_type: 'residential',
      space_sub_type: 'living_room',
      budget_min: 5000,
      budget_max: 9000,
    });
  });

  it('clears the design type when the space type changes', async () => {
    const { user } = renderEditor();
    await choose(user, 'Space type', 'Residential');
    await choose(user, 'Design type', 'Kitchen');
    await choose(user, 'Space type', 'Outdoor');
    expect(screen.getByRole('textbox', { name: 'Design type' })).toHaveProperty('value', '');
    await choose(user, 'Design type', 'Garden');
    expect(useEditorStore.getState().draft.space_sub_type).toBe('garden');
  });

  it('refuses a file that is not an image before anything is sent', async () => {
    renderEditor();
    fireEvent.drop(dropArea(), {
      dataTransfer: { files: [photo('plan.pdf', 'application/pdf')] },
    });
    expect(await screen.findByText('Only image files are acceptable')).toBeDefined();
    expect(useEditorStore.getState().draft.base).toBeNull();
  });

  it('says "Selected image too large" for a photo above maxFileSize', async () => {
    const { user } = renderEditor();
    await user.upload(dropArea(), photo('huge.jpg', 'image/jpeg', 15 * MB + 1));
    const dialog = await screen.findByRole('dialog', { name: 'Selected image too large' });
    expect(within(dialog).getByText('Selected image is too large')).toBeDefined();
    expect(useEditorStore.getState().draft.base).toBeNull();
  });

  it('reads "Drop file to upload" while a file is dragged over it', () => {
    renderEditor();
    const area = dropArea();
    fireEvent.dragEnter(area);
    expect(screen.getByText('Drop file to upload')).toBeDefined();
    fireEvent.dragLeave(area);
    expect(screen.getByText('Click or drag file to this area to upload')).toBeDefined();
  });
});

describe('the tweak-design step', () => {
  it('shows the work image and every tool with its cost, the AI assistant apart', async () => {
    renderEditor();
    const editor = useEditorStore.getState();
    editor.chooseBaseImage(photo());
    editor.nextStep();

    expect(await screen.findByRole('img', { name: 'Work Image' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeDefined();
    const tools = within(screen.getByRole('complementary', { name: 'All tools' }));
    const list = within(tools.getByRole('list'));
    expect(list.getAllByRole('listitem')).toHaveLength(7);
    // What one design costs, whatever number of designs the last tool left (spec §5).
    const costOf = (tool: string) =>
      within(list.getByText(tool).closest('li') ?? document.body).getByText(/credit/).textContent;
    expect(costOf('Architectural style')).toBe('2 credits');
    act(() => useEditorStore.getState().setDesiredDesigns(4));
    expect(costOf('Architectural style')).toBe('2 credits');
    expect(costOf('Wall paint')).toBe('1 credit');
    expect(list.queryByText('AI assistant')).toBeNull();
    expect(tools.getByText('AI assistant')).toBeDefined();
  });
});
