#pragma once
// The pages' names for the text folding of domain/text_fold.hpp, which the search index shares.

#include "domain/text_fold.hpp"

namespace ether::pages {

using domain::fold_text;
using domain::valid_utf8;

}  // namespace ether::pages
