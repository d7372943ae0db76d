const x: number = 1; console.log('worker ok', x);
