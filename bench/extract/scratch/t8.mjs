const t0 = performance.now();
await import('pdfjs-dist/legacy/build/pdf.mjs');
console.log('pdfjs import', (performance.now() - t0).toFixed(0));
const t1 = performance.now();
await import('unpdf');
console.log('unpdf import', (performance.now() - t1).toFixed(0));
