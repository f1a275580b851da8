/** rslcpp's reference final states of its synthetic benchmark (docs/design.md#conformance), as the run's results give them. */
export const RSLCPP_REFERENCE = {
  NodeA: '3924739178523851918',
  NodeB: '416215330994369847',
  NodeC: '18314823502387776320',
  NodeD: '1601759294353606794',
  combined: '7448837717382456148',
};
