// Replays heap operations with libstdc++'s algorithms, as rclcpp's TimersHeap uses them,
// and prints the element order after each `dump`. Input lines:
//   push KEY        push_back + std::push_heap
//   root KEY        set the root's key, then heapify_root (push_back root, pop_heap, pop_back)
//   set INDEX KEY   set an element's key, then std::make_heap
//   dump            print the ids in vector order
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

struct Item { long key; int id; };
static bool greater_key(const Item *a, const Item *b) { return a->key > b->key; }

int main() {
  std::vector<Item *> heap;
  std::string op;
  int next_id = 0;
  while (std::cin >> op) {
    if (op == "push") {
      long key; std::cin >> key;
      heap.push_back(new Item{key, next_id++});
      std::push_heap(heap.begin(), heap.end(), greater_key);
    } else if (op == "root") {
      long key; std::cin >> key;
      heap.front()->key = key;
      heap.push_back(heap.front());
      std::pop_heap(heap.begin(), heap.end(), greater_key);
      heap.pop_back();
    } else if (op == "set") {
      size_t index; long key; std::cin >> index >> key;
      heap[index]->key = key;
      std::make_heap(heap.begin(), heap.end(), greater_key);
    } else if (op == "dump") {
      for (size_t i = 0; i < heap.size(); i++) std::cout << (i ? " " : "") << heap[i]->id;
      std::cout << "\n";
    }
  }
  return 0;
}
