/**
 * A binary min-heap on `dueAt` whose items remember their position, so an item can be
 * removed or moved in O(log n) without leaving stale entries behind (cancelling 100,000
 * delayed messages leaves nothing to skip later). Ties keep insertion order.
 */
export interface HeapItem {
	dueAt: number;
	/** Position in the heap; -1 when not in it. Owned by the heap. */
	heapIndex: number;
	/** Insertion sequence for ties. Owned by the heap. */
	heapSeq: number;
}

export class MinHeap<T extends HeapItem> {
	private readonly items: T[] = [];
	private seq = 0;

	get size(): number {
		return this.items.length;
	}

	peek(): T | undefined {
		return this.items[0];
	}

	/** Inserts `item`, or moves it if it is already in the heap (after changing dueAt). */
	push(item: T): void {
		if (item.heapIndex >= 0 && this.items[item.heapIndex] === item) {
			this.fix(item.heapIndex);
			return;
		}
		item.heapSeq = this.seq++;
		item.heapIndex = this.items.length;
		this.items.push(item);
		this.up(item.heapIndex);
	}

	pop(): T | undefined {
		const top = this.items[0];
		if (top) this.removeAt(0);
		return top;
	}

	remove(item: T): boolean {
		if (item.heapIndex < 0 || this.items[item.heapIndex] !== item) return false;
		this.removeAt(item.heapIndex);
		return true;
	}

	clear(): void {
		for (const item of this.items) item.heapIndex = -1;
		this.items.length = 0;
	}

	private removeAt(index: number): void {
		const removed = this.items[index]!;
		const last = this.items.pop()!;
		removed.heapIndex = -1;
		if (index < this.items.length) {
			this.items[index] = last;
			last.heapIndex = index;
			this.fix(index);
		}
	}

	private fix(index: number): void {
		if (!this.up(index)) this.down(index);
	}

	private less(a: T, b: T): boolean {
		return a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.heapSeq < b.heapSeq);
	}

	private swap(i: number, j: number): void {
		const a = this.items[i]!;
		const b = this.items[j]!;
		this.items[i] = b;
		this.items[j] = a;
		a.heapIndex = j;
		b.heapIndex = i;
	}

	private up(index: number): boolean {
		let i = index;
		while (i > 0) {
			const parent = (i - 1) >> 1;
			if (!this.less(this.items[i]!, this.items[parent]!)) break;
			this.swap(i, parent);
			i = parent;
		}
		return i !== index;
	}

	private down(index: number): void {
		let i = index;
		const n = this.items.length;
		for (;;) {
			const left = 2 * i + 1;
			const right = left + 1;
			let smallest = i;
			if (left < n && this.less(this.items[left]!, this.items[smallest]!)) smallest = left;
			if (right < n && this.less(this.items[right]!, this.items[smallest]!)) smallest = right;
			if (smallest === i) return;
			this.swap(i, smallest);
			i = smallest;
		}
	}
}
