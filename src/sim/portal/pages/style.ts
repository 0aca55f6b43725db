/** The one stylesheet of the customer surface: calm, readable on a phone, no external assets. */
export const STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733;background:#eef2f6}
.bar{background:#0b3d63;color:#fff;padding:.8rem 1.2rem;display:flex;gap:.5rem;align-items:baseline;flex-wrap:wrap}
.bar .logo{color:#7cc4ff}.bar .section{opacity:.8;font-size:.9rem;margin-left:auto}
.wrap{max-width:60rem;margin:1.5rem auto;padding:0 1rem;display:flex;gap:1.5rem;align-items:flex-start;flex-wrap:wrap}
.card{flex:1 1 26rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem 1.6rem}
h1{font-size:1.35rem;margin:0 0 .4rem}h2{font-size:1.05rem;margin:1.4rem 0 .5rem}
p{margin:.4rem 0 .9rem}.muted{color:#5b6876;font-size:.92rem}
.steps{display:flex;gap:.4rem;list-style:none;padding:0;margin:0 0 1.2rem;font-size:.85rem;color:#5b6876}
.steps li{padding:.15rem .6rem;border-radius:999px;background:#eef2f6}.steps li[aria-current=step]{background:#0b3d63;color:#fff}
label{display:block;font-weight:600;margin:.8rem 0 .3rem}
input[type=text],input[type=password]{width:100%;padding:.65rem .75rem;font-size:1rem;border:1px solid #b8c4d0;border-radius:8px}
input:focus{outline:3px solid #7cc4ff;border-color:#0b3d63}
.actions{display:flex;gap:.8rem;margin-top:1.3rem;flex-wrap:wrap}
button{font:inherit;font-weight:600;padding:.65rem 1.3rem;border-radius:8px;border:1px solid #0b3d63;background:#0b3d63;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b3d63}button.danger{background:#fff;color:#a4262c;border-color:#a4262c}
.notice{padding:.7rem .9rem;border-radius:8px;margin:0 0 1rem}.notice.error{background:#fde7e9;color:#8a1c22}.notice.info{background:#e6f2fb;color:#0b3d63}
dl.facts{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.35rem 1rem;margin:.5rem 0}
dl.facts dt{color:#5b6876}dl.facts dd{margin:0;font-weight:600;word-break:break-word}
.amount{font-size:1.6rem;font-weight:700}
table{width:100%;border-collapse:collapse;margin:.4rem 0 1rem;font-size:.95rem}
th,td{text-align:left;padding:.45rem .4rem;border-bottom:1px solid #e3e8ee;vertical-align:top}
.badge{display:inline-block;padding:.05rem .5rem;border-radius:999px;font-size:.8rem;background:#eef2f6}
.badge.valid{background:#e3f4e8;color:#1b6b33}.badge.ended{background:#f3e6e6;color:#7a2a2a}
.phone{flex:0 1 16rem;background:#1d2733;color:#e8edf2;border-radius:22px;padding:1rem 1.1rem;font-size:.92rem}
.phone h2{margin:0 0 .6rem;font-size:.95rem;color:#9fb3c8}.sms{background:#2d3a48;border-radius:12px;padding:.6rem .8rem}
.sms strong{font-size:1.4rem;letter-spacing:.15em;color:#fff}
.foot{text-align:center;color:#5b6876;font-size:.8rem;margin:2rem 0}
form.inline{display:inline}
@media (max-width:40rem){.card{padding:1.1rem}.phone{flex-basis:100%}}
`;
