#include "match/match_report.h"

#include <cstdio>
#include <sstream>

namespace jungle::match {

std::string progress_line(const MatchConfig& config, const MatchResult& r) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "[%d/%d] %s vs %s: W %lld D %lld L %lld  Elo %s", r.games,
                config.games, config.engines[0].name.c_str(), config.engines[1].name.c_str(),
                static_cast<long long>(r.wdl.wins), static_cast<long long>(r.wdl.draws),
                static_cast<long long>(r.wdl.losses),
                (r.penta.pairs() ? estimate_elo(r.penta) : estimate_elo(r.wdl)).text().c_str());
  std::string line = buf;
  if (config.sprt) {
    const Sprt sprt(*config.sprt);
    std::snprintf(buf, sizeof buf, "  LLR %.2f (%.2f, %.2f)", r.llr, sprt.lower_bound(),
                  sprt.upper_bound());
    line += buf;
  }
  int incidents = 0;
  for (const auto& per_engine : r.incidents)
    for (int n : per_engine) incidents += n;
  if (incidents) line += "  incidents " + std::to_string(incidents);
  return line;
}

std::string match_summary(const MatchConfig& config, const MatchResult& r) {
  std::ostringstream out;
  char buf[512];
  const std::string& a = config.engines[0].name;
  const std::string& b = config.engines[1].name;
  std::string limits = config.tc.text();
  if (config.engines[0].tc || config.engines[1].tc)
    limits = a + " " + config.tc_of(0).text() + ", " + b + " " + config.tc_of(1).text();
  out << "Match " << a << " vs " << b << ": " << r.games << " games, " << limits << ", variant "
      << config.variant << ", " << config.concurrency << " at a time\n";
  std::snprintf(buf, sizeof buf, "Score of %s vs %s: W %lld D %lld L %lld  [%.3f]\n", a.c_str(),
                b.c_str(), static_cast<long long>(r.wdl.wins), static_cast<long long>(r.wdl.draws),
                static_cast<long long>(r.wdl.losses), r.wdl.score());
  out << buf;
  const EloEstimate games = estimate_elo(r.wdl);
  std::snprintf(
      buf, sizeof buf, "Elo (games): %s, LOS %.1f%%, draw ratio %.1f%%, nElo %+.1f +/- %.1f\n",
      games.text().c_str(), 100 * games.los,
      r.games ? 100.0 * double(r.wdl.draws) / double(r.games) : 0.0, games.nelo, games.nelo_error);
  out << buf;
  if (r.penta.pairs()) {
    const EloEstimate pairs = estimate_elo(r.penta);
    const auto& c = r.penta.counts;
    std::snprintf(buf, sizeof buf,
                  "Elo (pairs): %s, LOS %.1f%%, nElo %+.1f +/- %.1f\n"
                  "Pentanomial [LL LD WL+DD WD WW]: [%lld %lld %lld %lld %lld] over %lld pairs\n",
                  pairs.text().c_str(), 100 * pairs.los, pairs.nelo, pairs.nelo_error,
                  static_cast<long long>(c[0]), static_cast<long long>(c[1]),
                  static_cast<long long>(c[2]), static_cast<long long>(c[3]),
                  static_cast<long long>(c[4]), static_cast<long long>(r.penta.pairs()));
    out << buf;
  }
  out << "By colour: Blue won " << r.blue_wins << ", Red won " << r.red_wins << ", drawn "
      << r.draws << "\n";
  if (config.sprt) {
    const Sprt sprt(*config.sprt);
    const SprtConfig& s = *config.sprt;
    std::snprintf(
        buf, sizeof buf, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.2f (%.2f, %.2f) -> %s\n",
        s.elo0, s.elo1, s.alpha, s.beta, r.llr, sprt.lower_bound(), sprt.upper_bound(),
        r.decision == SprtDecision::kContinue ? "no decision" : decision_name(r.decision).c_str());
    out << buf;
  }
  if (!r.terminations.empty()) {
    out << "Endings:";
    bool first = true;
    for (const auto& [t, n] : r.terminations) {
      out << (first ? " " : ", ") << (t.empty() ? "?" : t) << " " << n;
      first = false;
    }
    out << "\n";
  }
  for (int e = 0; e < 2; ++e) {
    std::string list;
    for (int k = 1; k < kIncidentKinds; ++k) {
      const int n = r.incidents[size_t(e)][size_t(k)];
      if (n)
        list += (list.empty() ? "" : ", ") + std::to_string(n) + " " +
                std::string(incident_name(Incident(k)));
    }
    if (!list.empty())
      out << "Incidents of " << config.engines[size_t(e)].name << ": " << list << "\n";
  }
  for (const std::string& line : r.incident_log) out << "  " << line << "\n";
  return out.str();
}

bool print_in_process_summary(const MatchResult& result, std::ostream& out, std::ostream& err) {
  if (!result.error.empty()) {
    err << "error: " << result.error << "\n";
    return false;
  }
  for (const std::string& line : result.incident_log) err << "incident: " << line << "\n";
  out << score_text(result.wdl) << "\n";
  return true;
}

}  // namespace jungle::match
