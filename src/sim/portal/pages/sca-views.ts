/** The SCA page's steps: log in → one-time code → review → approve or decline; and its dead ends. */
import type { ScaPage } from '../../services/sca/page.js';
import { html, layout, type Html } from './html.js';

const TYPE_NAMES = { accounts: 'Account details', balances: 'Balances', transactions: 'Transactions' } as const;
const SECTION = 'Secure authorisation';

function steps(current: 1 | 2 | 3): Html {
  const step = (n: number, label: string) =>
    html`<li${n === current ? html` aria-current="step"` : ''}>${n}. ${label}</li>`;
  return html`<ol class="steps">${step(1, 'Log in')}${step(2, 'Code')}${step(3, 'Review')}</ol>`;
}

function errorNotice(message: string | undefined): Html {
  return message ? html`<p class="notice error" role="alert">${message}</p>` : html``;
}

function form(page: ScaPage, action: string, token: string, fields: Html): Html {
  return html`<form method="post" action="/sca/${page.authorisationId}/${action}">
<input type="hidden" name="csrf" value="${token}"><input type="hidden" name="state" value="${page.state}">
${fields}
</form>`;
}

function purpose(page: ScaPage): string {
  if (page.kind === 'payment') return `${page.providerName} asks you to authorise a payment.`;
  return page.consent?.funds
    ? `${page.providerName} asks to confirm whether funds are available on your account.`
    : `${page.providerName} asks for access to your account information.`;
}

export function loginView(page: ScaPage, token: string, error?: string): string {
  return layout({
    title: 'Log in',
    section: SECTION,
    body: html`${steps(1)}<h1>Log in to confirm</h1><p>${purpose(page)}</p>${errorNotice(error)}
${form(
  page,
  'login',
  token,
  html`<label for="psuId">User ID</label><input type="text" id="psuId" name="psuId" autocomplete="username" required>
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
<div class="actions"><button type="submit">Log in</button></div>`,
)}
<p class="muted">Sandbox: test customers and passwords are listed at <code>GET /sandbox/customers</code> (for example anna / anna-1234).</p>`,
  });
}

export function codeView(page: ScaPage, token: string, error?: string): string {
  return layout({
    title: 'One-time code',
    section: SECTION,
    body: html`${steps(2)}<h1>Enter your one-time code</h1><p>We sent a six-digit code by SMS to the phone registered for ${page.psuId}.</p>${errorNotice(error)}
${form(
  page,
  'code',
  token,
  html`<label for="otp">One-time code</label><input type="text" id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>
<div class="actions"><button type="submit">Confirm</button></div>`,
)}
<p class="muted">${page.otpAttemptsLeft} attempt${page.otpAttemptsLeft === 1 ? '' : 's'} left.</p>`,
    aside: html`<h2>Sandbox test phone</h2><div class="sms">SMS from xs2a-kit Sandbox Bank<br>Your code: <strong data-testid="sms-code">${page.code ?? '—'}</strong></div>`,
  });
}

function consentFacts(page: ScaPage): Html {
  const review = page.consent;
  if (!review) return html``;
  if (review.funds) {
    return html`<dl class="facts"><dt>Provider</dt><dd>${page.providerName}</dd>
<dt>Access</dt><dd>Yes/no answers whether an amount is available. No balance or transaction is shared.</dd>
<dt>Account</dt><dd>${review.held[0]?.iban ?? '—'}</dd>
<dt>Valid until</dt><dd>${review.validUntil}</dd></dl>`;
  }
  const accounts =
    review.held.length === 0
      ? html`<p class="notice info">You hold none of the ${review.requestedAccounts} account${review.requestedAccounts === 1 ? '' : 's'} asked for: approving shares nothing.</p>`
      : html`<table><thead><tr><th>Account</th><th>Shared</th></tr></thead><tbody>${review.held.map(
          (account) =>
            html`<tr><td>${account.name}<br><span class="muted">${account.iban}</span></td><td>${account.types.map((type) => TYPE_NAMES[type]).join(', ')}</td></tr>`,
        )}</tbody></table>`;
  return html`<dl class="facts"><dt>Provider</dt><dd>${page.providerName}</dd>
<dt>Access</dt><dd>${review.recurring ? `Repeated, up to ${review.frequencyPerDay} times a day without you` : 'Once'}</dd>
<dt>Valid until</dt><dd>${review.validUntil}</dd></dl>
<h2>Accounts</h2>${accounts}`;
}

function paymentFacts(page: ScaPage): Html {
  const payment = page.payment;
  if (!payment) return html``;
  return html`<p class="amount">${payment.amount} ${payment.currency}</p>
<dl class="facts"><dt>To</dt><dd>${payment.creditorName ?? '—'}<br><span class="muted">${payment.creditorIban}</span></dd>
<dt>From</dt><dd>${payment.debtorName}<br><span class="muted">${payment.debtorIban}</span></dd>
<dt>Reference</dt><dd>${payment.remittanceInformationUnstructured}</dd>
<dt>Type</dt><dd>${payment.instant ? 'Instant SEPA credit transfer' : 'SEPA credit transfer'}</dd>
${payment.requestedExecutionDate ? html`<dt>Execution date</dt><dd>${payment.requestedExecutionDate}</dd>` : ''}
<dt>Initiated by</dt><dd>${page.providerName}</dd></dl>`;
}

export function reviewView(page: ScaPage, token: string): string {
  return layout({
    title: 'Review',
    section: SECTION,
    body: html`${steps(3)}<h1>Review and confirm</h1><p>${purpose(page)}</p>${page.kind === 'payment' ? paymentFacts(page) : consentFacts(page)}
${form(page, 'decision', token, html`<div class="actions"><button type="submit" name="decision" value="approve">Approve</button> <button type="submit" name="decision" value="decline" class="secondary">Decline</button></div>`)}`,
  });
}

export function endView(page: ScaPage): string {
  const title = page.expired
    ? 'Authorisation expired'
    : page.scaStatus === 'finalised'
      ? 'Already approved'
      : 'Authorisation ended';
  const text = page.expired
    ? 'This authorisation has expired: authorisations last 15 minutes. Return to the provider and start again.'
    : page.scaStatus === 'finalised'
      ? 'This request has already been approved. Nothing more to do here.'
      : 'This authorisation can no longer be completed. Return to the provider and start again.';
  return layout({
    title,
    section: SECTION,
    body: html`<h1>${title}</h1><p class="notice info" role="status">${text}</p><p><a href="${page.returnTo}">Return to ${page.providerName}</a></p>`,
  });
}

export function problemView(title: string, text: string): string {
  return layout({
    title,
    section: SECTION,
    body: html`<h1>${title}</h1><p class="notice error" role="alert">${text}</p>`,
  });
}
