workspace "Event-sourced order service" "Kafka event log, PostgreSQL projections, Redis cache, Vault, Prometheus and Loki on Kubernetes." {
    model {
        system = softwareSystem "Event-sourced order service" {
            n_cluster = container "cluster" "cluster" "Kubernetes" "container-platform"
            n_orders_api = container "orders-api" "orders-api" "Generic service" "service"
            n_order_events = container "order-events" "order-events" "Apache Kafka" "stream,Pipe"
            n_projector = container "projector" "projector" "Generic service" "service"
            n_read_models = container "read-models" "read-models" "PostgreSQL" "relational-database,Datastore"
            n_cache = container "cache" "cache" "Redis" "cache,Datastore"
            n_vault = container "vault" "vault" "HashiCorp Vault" "secrets"
            n_metrics = container "metrics" "metrics" "Prometheus" "observability"
            n_logs = container "logs" "logs" "Grafana Loki" "observability"
        }
        n_orders_api -> n_order_events "OrderPlaced, OrderPaid" "" "event"
        n_order_events -> n_projector "" "" "event"
        n_projector -> n_read_models "" "" "data"
        n_orders_api -> n_cache "" "" "data"
        n_orders_api -> n_vault "" "" "request"
        n_orders_api -> n_metrics "" "" "request"
        n_projector -> n_logs "" "" "request"
        deploymentEnvironment "Design" {
            deploymentNode "Outside any boundary" {
                containerInstance n_cluster
                containerInstance n_orders_api
                containerInstance n_order_events
                containerInstance n_projector
                containerInstance n_read_models
                containerInstance n_cache
                containerInstance n_vault
                containerInstance n_metrics
                containerInstance n_logs
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
