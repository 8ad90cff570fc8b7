type NumberArray = Float32Array | Int32Array | Uint32Array;

/** A typed array that doubles when full: the readers' positions, UVs and indices. */
class GrowableArray<T extends NumberArray> {
  data: T;
  length = 0;

  constructor(
    private readonly make: (size: number) => T,
    capacity: number,
  ) {
    this.data = make(capacity);
  }

  push2(a: number, b: number) {
    if (this.length + 2 > this.data.length) this.grow();
    this.data[this.length] = a;
    this.data[this.length + 1] = b;
    this.length += 2;
  }

  push3(a: number, b: number, c: number) {
    if (this.length + 3 > this.data.length) this.grow();
    const d = this.data;
    d[this.length] = a;
    d[this.length + 1] = b;
    d[this.length + 2] = c;
    this.length += 3;
  }

  private grow() {
    const next = this.make(this.data.length * 2);
    next.set(this.data);
    this.data = next;
  }
}

export class GrowF32 extends GrowableArray<Float32Array> {
  constructor(capacity = 1024) {
    super((size) => new Float32Array(size), Math.max(capacity, 32));
  }
}

export class GrowI32 extends GrowableArray<Int32Array> {
  constructor(capacity = 1024) {
    super((size) => new Int32Array(size), Math.max(capacity, 48));
  }
}

export class GrowU32 extends GrowableArray<Uint32Array> {
  constructor(capacity = 1024) {
    super((size) => new Uint32Array(size), Math.max(capacity, 48));
  }
}
