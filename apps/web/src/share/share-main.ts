import type { SharedView } from '@meshport/contract';
import { textOn } from '@/lib/color/contrast.logic.ts';
import { el } from './share-dom.ts';
import { type ShareTexts, shareTexts } from './share-texts.ts';
import './share.css';

/**
 * The share page (issue 30): a link's model, read only, branded for the company, without an account, the app or
 * its frameworks. Plain DOM; the 3D view (three.js and the viewer's engine) loads once the link is known to be open.
 */

type OpenView = Extract<SharedView, { locked: false }>;
type Company = SharedView['company'];

const texts = shareTexts(navigator.language);
const root = document.getElementById('share-root') as HTMLElement;
const token = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const api = `/v2/shared/${encodeURIComponent(token)}`;
document.documentElement.lang = texts.lang;

function brand(company: Company): void {
  const color = company.theme.primary_color;
  root.style.setProperty('--brand', color);
  root.style.setProperty('--on-brand', /^#[0-9a-f]{3,8}$/i.test(color) ? textOn(color) : '#fff');
  document.title = company.name;
}

function header(company: Company, title?: string): HTMLElement {
  const logo = company.logo ? el('img', { class: 'share-logo', src: company.logo, alt: company.name }) : null;
  return el(
    'header',
    { class: 'share-header' },
    logo ?? el('span', { class: 'share-company' }, company.name),
    title ? el('h1', { class: 'share-title' }, title) : null,
  );
}

function show(...children: (Node | null)[]): void {
  root.replaceChildren(...children.filter((child): child is Node => child !== null));
  root.removeAttribute('aria-busy');
}

function message(text: string, hint?: string): void {
  document.title = text;
  show(el('section', { class: 'share-message', role: 'alert' }, el('h1', {}, text), hint ? el('p', {}, hint) : null));
}

function passwordForm(company: Company, t: ShareTexts): void {
  brand(company);
  const input = el('input', {
    id: 'share-password',
    type: 'password',
    name: 'password',
    autocomplete: 'current-password',
    required: '',
    'aria-describedby': 'share-password-error',
  }) as HTMLInputElement;
  const error = el('p', { id: 'share-password-error', class: 'share-error', 'aria-live': 'polite' });
  const submit = el('button', { type: 'submit', class: 'share-button' }, t.passwordSubmit) as HTMLButtonElement;
  const form = el(
    'form',
    { class: 'share-password', novalidate: '' },
    el('h1', {}, t.passwordTitle),
    el('label', { for: 'share-password' }, t.passwordLabel),
    input,
    error,
    submit,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    error.textContent = '';
    input.removeAttribute('aria-invalid');
    const response = await fetch(`${api}/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ password: input.value }),
    }).catch(() => null);
    submit.disabled = false;
    if (response?.ok) return void start();
    if (response?.status === 404) return notFound();
    error.textContent = response?.status === 429 ? t.tooMany : t.passwordWrong;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  });
  show(header(company), form);
  input.focus();
}

function notFound(): void {
  message(texts.notFound, texts.notFoundHint);
}

async function page(view: OpenView): Promise<void> {
  brand(view.company);
  document.title = `${view.name} · ${view.company.name}`;
  const stage = el('div', {
    class: 'share-stage',
    'data-viewer': '',
    'data-state': 'loading',
    role: 'img',
    'aria-label': texts.viewer(view.name),
  });
  const status = el('p', { class: 'share-status', 'aria-live': 'polite' }, texts.loading);
  const controls = el('section', { class: 'share-controls' });
  const expires = new Intl.DateTimeFormat(texts.lang, { dateStyle: 'long' }).format(new Date(view.expires_at));
  show(
    header(view.company, view.name),
    el('div', { class: 'share-body' }, el('div', { class: 'share-view' }, stage, status), controls),
    el('footer', { class: 'share-footer' }, texts.expires(expires)),
  );
  const { startViewer } = await viewerCode();
  startViewer({ view, stage, status, controls, texts });
}

/** The 3D view's code, asked for once: at the start, while the link's answer is on its way. */
let viewerModule: Promise<typeof import('./share-viewer.ts')> | null = null;
const viewerCode = () => {
  viewerModule ??= import('./share-viewer.ts');
  return viewerModule;
};

async function start(): Promise<void> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return notFound();
  // The code of the view loads beside the link's answer (it is most of the page's bytes); a 404 leaves it unused.
  void viewerCode()
    .then((module) => module.preloadEngine())
    .catch(() => undefined);
  const response = await fetch(api, { credentials: 'same-origin' }).catch(() => null);
  if (!response) return message(texts.failed);
  if (response.status === 404) return notFound();
  if (response.status === 429) return message(texts.tooMany);
  if (!response.ok) return message(texts.failed);
  const { data } = (await response.json()) as { data: SharedView };
  if (data.locked) return passwordForm(data.company, texts);
  await page(data);
}

void start();
