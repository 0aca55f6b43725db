/** The customer portal: log in, see and revoke consents given to providers. */
import type { consentsOfCustomer } from '../../services/consents/lists.js';
import { html, layout, type Html } from './html.js';

const SECTION = 'Online banking';
const TYPE_NAMES = { accounts: 'details', balances: 'balances', transactions: 'transactions' } as const;

export function portalLoginView(token: string, error?: string): string {
  return layout({
    title: 'Log in',
    section: SECTION,
    body: html`<h1>Online banking</h1>${error ? html`<p class="notice error" role="alert">${error}</p>` : ''}
<form method="post" action="/login"><input type="hidden" name="csrf" value="${token}">
<label for="psuId">User ID</label><input type="text" id="psuId" name="psuId" autocomplete="username" required>
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
<div class="actions"><button type="submit">Log in</button></div></form>
<p class="muted">Sandbox: test customers are listed at <code>GET /sandbox/customers</code>.</p>`,
  });
}

export interface PortalModel {
  name: string;
  token: string;
  notice: string | undefined;
  consents: ReturnType<typeof consentsOfCustomer>;
  /** Payment sections, rendered by the payments part of the portal. */
  sections: Html[];
}

function consentRows(model: PortalModel): Html {
  if (model.consents.length === 0)
    return html`<p class="muted">You have not given any provider access to your accounts.</p>`;
  return html`<table><thead><tr><th>Provider</th><th>Access</th><th>Valid until</th><th>Status</th><th></th></tr></thead><tbody>${model.consents.map(
    (
      consent,
    ) => html`<tr><td>${consent.providerName}<br><span class="muted">${consent.recurring ? 'repeated' : 'once'}</span></td>
<td>${consent.accounts.length === 0 ? html`<span class="muted">no accounts</span>` : consent.accounts.map((account) => html`${account.iban}: ${account.types.map((type) => TYPE_NAMES[type]).join(', ')}<br>`)}</td>
<td>${consent.validUntil ?? '—'}</td><td><span class="badge ${consent.status === 'valid' ? 'valid' : 'ended'}">${consent.status}</span></td>
<td>${consent.revocable ? html`<form method="post" action="/portal/consents/${consent.consentId}/revoke" class="inline"><input type="hidden" name="csrf" value="${model.token}"><button type="submit" class="danger" aria-label="Revoke access of ${consent.providerName}">Revoke</button></form>` : ''}</td></tr>`,
  )}</tbody></table>`;
}

type PaymentRow = {
  paymentId: string;
  amount: string;
  creditorName: string | undefined;
  creditorIban: string;
  status: string;
  createdAt: string;
};

function payeeName(row: PaymentRow): Html {
  return html`${row.creditorName ?? '—'}<br><span class="muted">${row.creditorIban}</span>`;
}

/** Payments waiting for the customer's payee check (PDNG), and payments the customer can still cancel. */
export function paymentSections(token: string, payeeChecks: PaymentRow[], cancellable: PaymentRow[]): Html[] {
  const checks =
    payeeChecks.length === 0
      ? html``
      : html`<h2>Confirm the payee</h2><p class="muted">The name given for these payments does not match the account holder. Is this the person or company you meant to pay?</p>
<table><thead><tr><th>Amount</th><th>Payee as given</th><th></th></tr></thead><tbody>${payeeChecks.map(
          (
            row,
          ) => html`<tr><td>${row.amount} EUR</td><td>${payeeName(row)}</td><td><form method="post" action="/portal/payments/${row.paymentId}/payee" class="inline"><input type="hidden" name="csrf" value="${token}">
<button type="submit" name="confirm" value="yes">Confirm payee</button> <button type="submit" name="confirm" value="no" class="danger">Refuse</button></form></td></tr>`,
        )}</tbody></table>`;
  const open =
    cancellable.length === 0
      ? html``
      : html`<h2>Payments you can still cancel</h2><table><thead><tr><th>Amount</th><th>To</th><th>Status</th><th></th></tr></thead><tbody>${cancellable.map(
          (row) =>
            html`<tr><td>${row.amount} EUR</td><td>${payeeName(row)}</td><td><span class="badge">${row.status}</span></td><td><form method="post" action="/portal/payments/${row.paymentId}/cancel" class="inline"><input type="hidden" name="csrf" value="${token}"><button type="submit" class="danger">Cancel payment</button></form></td></tr>`,
        )}</tbody></table>`;
  return [checks, open];
}

export function portalView(model: PortalModel): string {
  return layout({
    title: 'Your consents',
    section: SECTION,
    body: html`<h1>Hello ${model.name}</h1>${model.notice ? html`<p class="notice info" role="status">${model.notice}</p>` : ''}
<h2>Access you have given</h2>${consentRows(model)}
${model.sections}
<form method="post" action="/logout"><input type="hidden" name="csrf" value="${model.token}"><div class="actions"><button type="submit" class="secondary">Log out</button></div></form>`,
  });
}
