/**
 * A fixed-capacity buffer that keeps the newest items: pushing past the capacity evicts the
 * oldest, so memory stays flat however many items pass through.
 */
export class RingBuffer<T> {
	readonly capacity: number;
	#items: (T | undefined)[];
	/** Index of the oldest item. */
	#start = 0;
	#size = 0;

	constructor(capacity: number) {
		if (!Number.isInteger(capacity) || capacity < 1) {
			throw new RangeError(`ring buffer capacity must be a positive integer, got ${capacity}`);
		}
		this.capacity = capacity;
		this.#items = new Array<T | undefined>(capacity);
	}

	get size(): number {
		return this.#size;
	}

	/** Adds an item; returns the evicted oldest item when the buffer was full. */
	push(item: T): T | undefined {
		if (this.#size < this.capacity) {
			this.#items[(this.#start + this.#size) % this.capacity] = item;
			this.#size++;
			return undefined;
		}
		const evicted = this.#items[this.#start];
		this.#items[this.#start] = item;
		this.#start = (this.#start + 1) % this.capacity;
		return evicted;
	}

	/** The item at `index`, oldest first (0 is the oldest). */
	at(index: number): T | undefined {
		if (index < 0 || index >= this.#size) return undefined;
		return this.#items[(this.#start + index) % this.capacity];
	}

	/** The items, oldest first. */
	toArray(): T[] {
		const out = new Array<T>(this.#size);
		for (let i = 0; i < this.#size; i++) out[i] = this.#items[(this.#start + i) % this.capacity] as T;
		return out;
	}

	clear(): void {
		this.#items = new Array<T | undefined>(this.capacity);
		this.#start = 0;
		this.#size = 0;
	}
}
