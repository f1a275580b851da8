// rclsim's C++ client: the sequence type of bounded sequence fields (`int32[<=5] values`).
#ifndef ROSIDL_RUNTIME_CPP__BOUNDED_VECTOR_HPP_
#define ROSIDL_RUNTIME_CPP__BOUNDED_VECTOR_HPP_

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

namespace rosidl_runtime_cpp
{

/// A std::vector that holds at most UpperBound elements: what would grow it beyond throws
/// std::length_error (as rosidl's does); reading and iterating are the vector's own.
template<typename T, std::size_t UpperBound, typename Allocator = std::allocator<T>>
class BoundedVector : protected std::vector<T, Allocator>
{
  using Base = std::vector<T, Allocator>;

public:
  using typename Base::value_type;
  using typename Base::allocator_type;
  using typename Base::size_type;
  using typename Base::difference_type;
  using typename Base::reference;
  using typename Base::const_reference;
  using typename Base::pointer;
  using typename Base::const_pointer;
  using typename Base::iterator;
  using typename Base::const_iterator;
  using typename Base::reverse_iterator;
  using typename Base::const_reverse_iterator;

  BoundedVector() = default;
  explicit BoundedVector(const Allocator & allocator) noexcept
  : Base(allocator) {}
  explicit BoundedVector(size_type count, const Allocator & allocator = Allocator())
  : Base(allocator)
  {
    resize(count);
  }
  BoundedVector(size_type count, const T & value, const Allocator & allocator = Allocator())
  : Base(allocator)
  {
    check(count);
    Base::assign(count, value);
  }
  template<typename InputIterator>
  BoundedVector(InputIterator first, InputIterator last, const Allocator & allocator = Allocator())
  : Base(first, last, allocator)
  {
    check(Base::size());
  }
  BoundedVector(std::initializer_list<T> items, const Allocator & allocator = Allocator())
  : Base(allocator)
  {
    check(items.size());
    Base::assign(items);
  }

  BoundedVector & operator=(std::initializer_list<T> items)
  {
    check(items.size());
    Base::assign(items);
    return *this;
  }

  using Base::get_allocator;
  using Base::at;
  using Base::operator[];
  using Base::front;
  using Base::back;
  using Base::data;
  using Base::begin;
  using Base::cbegin;
  using Base::end;
  using Base::cend;
  using Base::rbegin;
  using Base::crbegin;
  using Base::rend;
  using Base::crend;
  using Base::empty;
  using Base::size;
  using Base::capacity;
  using Base::shrink_to_fit;
  using Base::clear;
  using Base::erase;
  using Base::pop_back;

  size_type max_size() const noexcept {return std::min<size_type>(UpperBound, Base::max_size());}

  void reserve(size_type count)
  {
    check(count);
    Base::reserve(count);
  }
  void resize(size_type count)
  {
    check(count);
    Base::resize(count);
  }
  void resize(size_type count, const value_type & value)
  {
    check(count);
    Base::resize(count, value);
  }
  void assign(size_type count, const value_type & value)
  {
    check(count);
    Base::assign(count, value);
  }
  template<typename InputIterator>
  void assign(InputIterator first, InputIterator last)
  {
    Base copy(first, last, Base::get_allocator());
    check(copy.size());
    Base::swap(copy);
  }
  void assign(std::initializer_list<T> items)
  {
    check(items.size());
    Base::assign(items);
  }
  void push_back(const value_type & value)
  {
    check(size() + 1);
    Base::push_back(value);
  }
  void push_back(value_type && value)
  {
    check(size() + 1);
    Base::push_back(std::move(value));
  }
  template<typename ... Args>
  reference emplace_back(Args && ... args)
  {
    check(size() + 1);
    Base::emplace_back(std::forward<Args>(args)...);
    return back();
  }
  template<typename ... Args>
  iterator emplace(const_iterator position, Args && ... args)
  {
    check(size() + 1);
    return Base::emplace(position, std::forward<Args>(args)...);
  }
  iterator insert(const_iterator position, const value_type & value)
  {
    check(size() + 1);
    return Base::insert(position, value);
  }
  iterator insert(const_iterator position, value_type && value)
  {
    check(size() + 1);
    return Base::insert(position, std::move(value));
  }
  iterator insert(const_iterator position, size_type count, const value_type & value)
  {
    check(size() + count);
    return Base::insert(position, count, value);
  }
  template<typename InputIterator>
  iterator insert(const_iterator position, InputIterator first, InputIterator last)
  {
    const auto index = position - cbegin();
    Base copy(first, last, Base::get_allocator());
    check(size() + copy.size());
    return Base::insert(cbegin() + index, std::make_move_iterator(copy.begin()), std::make_move_iterator(copy.end()));
  }
  void swap(BoundedVector & other) {Base::swap(other);}

  friend bool operator==(const BoundedVector & a, const BoundedVector & b) {return a.base() == b.base();}
  friend bool operator!=(const BoundedVector & a, const BoundedVector & b) {return a.base() != b.base();}
  friend bool operator<(const BoundedVector & a, const BoundedVector & b) {return a.base() < b.base();}
  friend bool operator<=(const BoundedVector & a, const BoundedVector & b) {return a.base() <= b.base();}
  friend bool operator>(const BoundedVector & a, const BoundedVector & b) {return a.base() > b.base();}
  friend bool operator>=(const BoundedVector & a, const BoundedVector & b) {return a.base() >= b.base();}

private:
  const Base & base() const {return *this;}
  static void check(size_type count)
  {
    if (count > UpperBound) {
      throw std::length_error("BoundedVector: more elements than its bound");
    }
  }
};

template<typename T, std::size_t UpperBound, typename Allocator>
void swap(BoundedVector<T, UpperBound, Allocator> & a, BoundedVector<T, UpperBound, Allocator> & b)
{
  a.swap(b);
}

}  // namespace rosidl_runtime_cpp

#endif  // ROSIDL_RUNTIME_CPP__BOUNDED_VECTOR_HPP_
