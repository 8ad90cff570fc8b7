export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A plain, inline-styled HTML body: mail clients ignore style sheets. */
export function mailLayout(sender: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#275953;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#666">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html>
<html><body style="font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#222;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
${body}
${button}
<p style="margin:32px 0 0;font-size:12px;color:#666">${escapeHtml(sender)}</p>
</div></body></html>
`;
}

/** "Acme Kitchens" when the request came through a tenant; otherwise the product's name. */
export const senderName = (tenantName: string | null) => tenantName ?? 'Meshport';
