// An independent model of rslcpp's synthetic benchmark under the step loop of docs/design.md#the-step-loop,
// written directly against libstdc++'s std::push_heap/std::pop_heap/std::make_heap, so that
// rclsim's TypeScript heap and loop are checked against the real library.
//
// Input (stdin, whitespace separated):
//   start_ns timeout_s
//   A: state period0_ms period1_ms id_t1 id_t2 id_sub
//   B: state period_ms id_sub id_timer
//   C: state id_sub_t1 id_response id_sub_t3
//   D: state id_sub id_service
//   Monitor: period_ms
// Output: the four final states, then the combined hash, one per line.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

using u64 = uint64_t;

static u64 splitmix64(u64 x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
static u64 hc(u64 h1, u64 h2) {
  const u64 k = 0x9ddfea08eb382d69ULL;
  u64 a = (h1 ^ h2) * k; a ^= a >> 47;
  u64 b = (h2 ^ a) * k; b ^= b >> 47; b *= k;
  return splitmix64(b);
}

struct Timer { int64_t period; int64_t next; std::function<void()> cb; };
static bool timer_greater(const Timer *a, const Timer *b) { return a->next > b->next; }

struct Sub { std::deque<u64> buf; std::function<void(u64)> cb; };  // depth 1
struct Event { int kind; Sub *sub; u64 payload; };  // kind 0: subscription, 1: service, 2: response

int main() {
  int64_t start; double timeout_s;
  u64 sa, sb, sc, sd; int64_t pa0, pa1, pb, pm;
  u64 a_t1, a_t2, a_sub, b_sub, b_timer, c_sub1, c_resp, c_sub3, d_sub, d_srv;
  std::cin >> start >> timeout_s >> sa >> pa0 >> pa1 >> a_t1 >> a_t2 >> a_sub >> sb >> pb >> b_sub >> b_timer
           >> sc >> c_sub1 >> c_resp >> c_sub3 >> sd >> d_sub >> d_srv >> pm;
  int64_t now = 0;
  bool finished = false;
  std::deque<Event> fifo;
  Sub subA_t5, subB_t2, subC_t1, subC_t3, subD_t4;
  int pending_requests = 0, pending_responses = 0;
  std::deque<u64> responses;

  auto publish = [&](Sub &s, u64 v) { s.buf.clear(); s.buf.push_back(v); fifo.push_back({0, &s, 0}); };
  subA_t5.cb = [&](u64 d) { sa = hc(hc(hc(sa, a_sub), (u64)now), d); };
  subB_t2.cb = [&](u64 d) { sb = hc(hc(hc(sb, b_sub), (u64)now), d); publish(subC_t3, sb); };
  subC_t1.cb = [&](u64 d) { sc = hc(hc(hc(sc, c_sub1), (u64)now), d); pending_requests++; fifo.push_back({1, nullptr, 0}); };
  subC_t3.cb = [&](u64 d) { sc = hc(hc(hc(sc, c_sub3), (u64)now), d); publish(subD_t4, sc); };
  subD_t4.cb = [&](u64 d) { sd = hc(hc(hc(sd, d_sub), (u64)now), d); publish(subA_t5, sd); };

  bool monitor_started = false; int64_t monitor_start = 0;
  std::vector<Timer> timers = {
    {pa0 * 1000000, 0, [&] { sa = hc(hc(sa, a_t1), (u64)now); publish(subC_t1, sa); }},
    {pa1 * 1000000, 0, [&] { sa = hc(hc(sa, a_t2), (u64)now); publish(subB_t2, sa); }},
    {pb * 1000000, 0, [&] { sb = hc(hc(sb, b_timer), (u64)now); publish(subA_t5, sb); }},
    {pm * 1000000, 0, [&] {
       if (!monitor_started) { monitor_started = true; monitor_start = now; }
       if ((double)(now - monitor_start) / 1e9 >= timeout_s) finished = true; }},
  };
  std::vector<Timer *> heap;
  for (auto &t : timers) { t.next = t.period; heap.push_back(&t); std::push_heap(heap.begin(), heap.end(), timer_greater); }

  now = start;
  while (!finished) {
    for (;;) {
      if (!fifo.empty()) {
        Event e = fifo.front(); fifo.pop_front();
        if (e.kind == 0) {
          if (e.sub->buf.empty()) continue;
          u64 v = e.sub->buf.front(); e.sub->buf.pop_front(); e.sub->cb(v);
        } else if (e.kind == 1) {
          pending_requests--;
          sd = hc(hc(sd, d_srv), (u64)now);
          responses.push_back(sd); fifo.push_back({2, nullptr, 0});
        } else {
          u64 v = responses.front(); responses.pop_front();
          sc = hc(hc(hc(sc, c_resp), (u64)now), std::stoull(std::to_string(v)));
        }
        continue;
      }
      Timer *head = heap.front();
      if (head->next > now) break;
      head->next += head->period;
      while (head->next <= now) head->next += head->period;
      heap.push_back(heap.front());
      std::pop_heap(heap.begin(), heap.end(), timer_greater);
      heap.pop_back();
      head->cb();
    }
    if (finished) break;
    now = heap.front()->next;
  }
  u64 combined = 505510631ULL;
  for (u64 s : {sa, sb, sc, sd}) combined = hc(combined, s);
  std::cout << sa << "\n" << sb << "\n" << sc << "\n" << sd << "\n" << combined << "\n";
  return 0;
}
