/**
 * Everything the widget looks like, scoped to its shadow root. `:host` declarations are
 * !important because the host page's important rules on our element would otherwise win.
 */
export const CSS = `
:host{all:initial!important;position:fixed!important;right:20px!important;bottom:20px!important;z-index:2147483647!important;display:block!important;width:auto!important;height:auto!important;margin:0!important;padding:0!important;border:0!important;transform:none!important;filter:none!important;opacity:1!important;visibility:visible!important;contain:none!important}
:host([data-mode=inline]){position:relative!important;right:auto!important;bottom:auto!important;z-index:auto!important;width:100%!important;height:100%!important;min-height:480px!important}
:host([data-mode=page]){inset:0!important;right:0!important;bottom:0!important}
*{box-sizing:border-box;margin:0;padding:0;font:inherit;color:inherit;letter-spacing:normal;text-transform:none}
.r{font:400 14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f2937;text-align:left;direction:ltr;-webkit-font-smoothing:antialiased}
button{cursor:pointer;background:none;border:0}
button:focus-visible,textarea:focus-visible,a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
.l{width:56px;height:56px;border-radius:50%;background:var(--c);color:var(--ct);display:flex;align-items:center;justify-content:center;box-shadow:0 6px 20px rgba(0,0,0,.22);transition:transform .15s}
.l:hover{transform:scale(1.06)}
.l svg{width:28px;height:28px;fill:currentColor}
.p{position:absolute;right:0;bottom:72px;width:370px;height:min(600px,calc(100vh - 110px));background:#fff;border-radius:14px;box-shadow:0 12px 40px rgba(0,0,0,.25);display:flex;flex-direction:column;overflow:hidden}
.p[hidden]{display:none}
:host([data-mode=inline]) .p,:host([data-mode=page]) .p{position:absolute;inset:0;width:auto;height:auto;border-radius:0;box-shadow:none}
:host([data-mode=inline]) .p{border-radius:12px;border:1px solid #e5e7eb}
:host([data-mode=page]) .m,:host([data-mode=page]) .f{padding-left:max(14px,calc(50% - 400px));padding-right:max(14px,calc(50% - 400px))}
.h{background:var(--h);color:var(--ht);display:flex;align-items:center;gap:10px;padding:12px 14px;min-height:60px;border-bottom:1px solid rgba(0,0,0,.06)}
.h img,.h .d{width:36px;height:36px;border-radius:50%;object-fit:cover;flex:none;background:#fff}
.h .d{display:flex;align-items:center;justify-content:center;background:var(--c);color:var(--ct)}
.h .d svg{width:20px;height:20px;fill:currentColor}
.t{flex:1;min-width:0;font-weight:600;font-size:15px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.h button{width:32px;height:32px;border-radius:8px;display:flex;align-items:center;justify-content:center;color:inherit}
.h button:hover{background:rgba(0,0,0,.08)}
.h button svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round}
.m{flex:1;overflow-y:auto;padding:16px 14px;display:flex;flex-direction:column;gap:12px;background:#fafafa;overscroll-behavior:contain}
.g{display:flex;flex-direction:column;align-items:flex-start;max-width:85%}
.g.u{align-self:flex-end;align-items:flex-end}
.b{padding:9px 12px;border-radius:14px 14px 14px 4px;background:var(--a);color:var(--at);box-shadow:0 1px 2px rgba(0,0,0,.08);word-wrap:break-word;overflow-wrap:anywhere;white-space:normal}
.u .b{border-radius:14px 14px 4px 14px;background:var(--u);color:var(--ut);white-space:pre-wrap}
.b p+*,.b ul+*,.b ol+*,.b pre+*{margin-top:8px}
.b ul,.b ol{padding-left:20px}
.b strong{font-weight:700}.b em{font-style:italic}
.b code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px;background:rgba(0,0,0,.07);padding:1px 4px;border-radius:4px}
.b pre{background:rgba(0,0,0,.07);padding:8px;border-radius:6px;overflow-x:auto}
.b pre code{background:none;padding:0}
.b blockquote{border-left:3px solid rgba(0,0,0,.2);padding-left:8px}
.b hr{border:0;border-top:1px solid rgba(0,0,0,.15)}
.b a,.s a{color:inherit;text-decoration:underline}
.c{font-size:11.5px;color:#6b7280;margin-top:4px;display:flex;align-items:center;gap:6px;min-height:24px}
.y{display:flex}
.y button{width:24px;height:24px;border-radius:6px;display:flex;align-items:center;justify-content:center}
.y button:hover{background:rgba(0,0,0,.06)}
.y svg{width:14px;height:14px;fill:none;stroke:currentColor;stroke-width:2;stroke-linejoin:round}
.y button+button svg{transform:rotate(180deg)}
.y [aria-pressed=true]{color:var(--s)}
.y [aria-pressed=true] svg{fill:currentColor;fill-opacity:.25}
.s{margin-top:6px;font-size:12px;color:#374151;display:flex;flex-wrap:wrap;gap:4px 8px}
.s span{color:#6b7280}
.s a,.s i{max-width:220px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-style:normal}
.k{display:inline-flex;gap:4px;padding:4px 0}
.k i{width:6px;height:6px;border-radius:50%;background:currentColor;opacity:.4;animation:k 1s infinite}
.k i:nth-child(2){animation-delay:.2s}.k i:nth-child(3){animation-delay:.4s}
@keyframes k{50%{opacity:1}}
.e{margin:0 14px 8px;padding:8px 10px;border-radius:8px;background:#fef2f2;color:#991b1b;font-size:13px}
.e:empty{display:none}
.f{display:flex;align-items:flex-end;gap:8px;padding:10px 12px;border-top:1px solid #e5e7eb;background:#fff}
textarea{flex:1;resize:none;border:1px solid #d1d5db;border-radius:10px;padding:9px 11px;max-height:120px;min-height:40px;background:#fff;color:#111827;font-size:14px;line-height:1.4}
textarea::placeholder{color:#9ca3af}
.f button{width:40px;height:40px;border-radius:10px;display:flex;align-items:center;justify-content:center;color:var(--s)}
.f button:disabled{opacity:.45;cursor:default}
.f button svg{width:22px;height:22px;fill:currentColor}
.v{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){:host(:not([data-mode=inline])) .p{position:fixed;inset:0;width:auto;height:auto;border-radius:0}.p:not([hidden])~.l{display:none}}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
`;
