#include "http/message.hpp"
